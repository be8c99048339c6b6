import { z } from 'zod';

/**
 * OpenStreetMap's standard tiles: the map screen draws them, and the CSP lets images come from
 * their host alone (nothing else of the map is fetched from outside).
 */
export const osmTiles = {
  origin: 'https://tile.openstreetmap.org',
  template: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  maxZoom: 19,
  copyright: 'https://www.openstreetmap.org/copyright',
} as const;

/** GET /api/structures/google-map/{id}: the structure's main address, in words and, when found, as a point. */
export const structureMapSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** The main address's lines; empty when the structure has no main address. */
  address: z.array(z.string()),
  /** Where the geocoder placed it; null when it could not (unknown address, service unreachable). */
  position: z.object({ latitude: z.number(), longitude: z.number(), label: z.string() }).nullable(),
});
export type StructureMap = z.infer<typeof structureMapSchema>;
