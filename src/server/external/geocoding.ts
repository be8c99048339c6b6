import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database';
import { geocodedAddresses } from '../db/schema';
import { ApiError } from '../http/api-error';
import { externalServicesSettings, loadSettings } from '../settings/settings';
import { fetchExternalJson } from './external-json';

/** A point on the map and the address the geocoder found there. */
export interface Position {
  latitude: number;
  longitude: number;
  label: string;
}

/** What the BAN's /search answers (GeoCodeJSON): its best feature, a point and the address found. */
const searchReplySchema = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.object({ label: z.string() }),
    }),
  ),
});

/** The BAN reads at most 200 characters of a query. */
const MAX_QUERY_LENGTH = 200;

/**
 * Where an address is, from the Base adresse nationale's geocoder (its URL in the external-services
 * settings), remembered per query. The INSEE code, when known, keeps the search in the commune.
 * Null when the address cannot be placed, the geocoder failing included: a map is a convenience,
 * its screen still gives the address in words.
 */
export async function geocode(db: Database, address: string, inseeCode?: string): Promise<Position | null> {
  const text = address.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
  // The BAN wants 3 characters at least, starting with a letter or a digit.
  if (!/^[\p{L}\d].{2,}/u.test(text)) return null;
  const query = `${text.toLowerCase()}|${inseeCode ?? ''}`;
  const [known] = await db.select().from(geocodedAddresses).where(eq(geocodedAddresses.query, query));
  if (known) return { latitude: known.latitude, longitude: known.longitude, label: known.label };

  const { geocoderUrl, timeoutMs } = await loadSettings(db, externalServicesSettings);
  const url = new URL(`${geocoderUrl.replace(/\/+$/, '')}/search`);
  url.searchParams.set('q', text);
  url.searchParams.set('limit', '1');
  if (inseeCode) url.searchParams.set('citycode', inseeCode);
  let reply: unknown;
  try {
    reply = await fetchExternalJson(url, timeoutMs);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  const feature = searchReplySchema.safeParse(reply).data?.features[0];
  if (!feature) return null;
  const [longitude, latitude] = feature.geometry.coordinates;
  const position = { latitude, longitude, label: feature.properties.label };
  await db
    .insert(geocodedAddresses)
    .values({ query, ...position })
    .onConflictDoUpdate({ target: geocodedAddresses.query, set: { ...position, updatedAt: new Date() } });
  return position;
}
