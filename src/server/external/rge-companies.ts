import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { externalServiceError, fetchExternalJson } from './external-json';

/**
 * One line of ADEME's open dataset "liste-des-entreprises-rge-2" (data-fair): one RGE qualification,
 * for one domain of work, of one establishment. Only the fields kept here are read.
 */
const lineSchema = z.object({
  siret: z.union([z.string(), z.number()]).transform(String),
  nom_entreprise: z.string().nullish(),
  code_qualification: z.union([z.string(), z.number()]).nullish(),
  nom_qualification: z.string().nullish(),
  nom_certificat: z.string().nullish(),
  url_qualification: z.string().nullish(),
  domaine: z.string().nullish(),
  meta_domaine: z.string().nullish(),
  organisme: z.string().nullish(),
  particulier: z.boolean().nullish(),
  lien_date_debut: z.string().nullish(),
  lien_date_fin: z.string().nullish(),
});
type RgeLine = z.infer<typeof lineSchema>;

/** GET …/lines: how many lines match, and the page of them. */
const linesReplySchema = z.object({ total: z.number().int().nonnegative(), results: z.array(lineSchema) });

/** Lines asked for at once: a company has a few dozen at most, so one page holds them all. */
export const RGE_LINES_LIMIT = 1000;

/** A structure's RGE qualification as the structure keeps it (its `qualifications` field). */
export interface RgeQualification {
  code: string;
  qualification: string;
  domains: string[];
  metaDomains: string[];
  body: string;
  certificate: string;
  url: string;
  startDate: string | null;
  endDate: string | null;
  forIndividuals: boolean;
  source: 'rge';
  importedAt: string;
}

/** A company of the dataset: its SIRET, its name and its qualifications. */
export interface RgeCompany {
  siret: string;
  name: string;
  qualifications: RgeQualification[];
}

const text = (value: string | number | null | undefined) => String(value ?? '').trim();
/** "2019-10-16" or "2019-10-16T00:00:00Z" → "2019-10-16"; anything else → null. */
const isoDate = (value: string | null | undefined) => /^\d{4}-\d{2}-\d{2}/.exec(value ?? '')?.[0] ?? null;
const webAddress = (value: string | null | undefined) => (/^https?:\/\//i.test(text(value)) ? text(value) : '');
const digits = (siret: string) => siret.replace(/\D/g, '');

const tooManyResults = (siret: string) =>
  new ApiError(409, 'resources.structures.errors.rge_too_many', {}, { values: { siret } });

/** The lines of the dataset for a SIRET; a reply not shaped like data-fair's is the service's error. */
async function fetchLines(datasetUrl: string, siret: string, timeoutMs: number): Promise<RgeLine[]> {
  const url = new URL(`${datasetUrl.replace(/\/+$/, '')}/lines`);
  url.searchParams.set('qs', `siret:"${siret}"`);
  url.searchParams.set('size', String(RGE_LINES_LIMIT));
  const reply = linesReplySchema.safeParse(await fetchExternalJson(url, timeoutMs));
  if (!reply.success) throw externalServiceError('invalid');
  // More lines than one page holds cannot be one company's.
  if (reply.data.total > reply.data.results.length) throw tooManyResults(siret);
  return reply.data.results;
}

/**
 * The dataset has one line per qualification and domain: a company's lines become one qualification
 * per code, body and validity, with its domains gathered, in code order.
 */
function qualificationsOf(lines: RgeLine[], importedAt: string): RgeQualification[] {
  const byQualification = new Map<string, RgeQualification>();
  for (const line of lines) {
    const qualification: RgeQualification = {
      code: text(line.code_qualification),
      qualification: text(line.nom_qualification),
      domains: [],
      metaDomains: [],
      body: text(line.organisme),
      certificate: text(line.nom_certificat),
      url: webAddress(line.url_qualification),
      startDate: isoDate(line.lien_date_debut),
      endDate: isoDate(line.lien_date_fin),
      forIndividuals: line.particulier === true,
      source: 'rge',
      importedAt,
    };
    const key = JSON.stringify([
      qualification.code,
      qualification.qualification,
      qualification.body,
      qualification.certificate,
      qualification.startDate,
      qualification.endDate,
    ]);
    const kept = byQualification.get(key) ?? qualification;
    byQualification.set(key, kept);
    const add = (list: string[], value: string) => value !== '' && !list.includes(value) && list.push(value);
    add(kept.domains, text(line.domaine));
    add(kept.metaDomains, text(line.meta_domaine));
    kept.forIndividuals ||= qualification.forIndividuals;
    kept.url ||= qualification.url;
  }
  return [...byQualification.values()].sort(
    (a, b) =>
      a.code.localeCompare(b.code, 'fr', { numeric: true }) || (a.startDate ?? '').localeCompare(b.startDate ?? ''),
  );
}

/**
 * The RGE company of a SIRET, from ADEME's open data. Its lines are grouped by SIRET: none is "no
 * result", several companies are "too many results" (both refused in French), one is the company.
 */
export async function fetchRgeCompany(
  siret: string,
  { datasetUrl, timeoutMs, importedAt }: { datasetUrl: string; timeoutMs: number; importedAt: Date },
): Promise<RgeCompany> {
  const bySiret = new Map<string, RgeLine[]>();
  for (const line of await fetchLines(datasetUrl, siret, timeoutMs)) {
    const key = digits(line.siret);
    bySiret.set(key, [...(bySiret.get(key) ?? []), line]);
  }
  if (bySiret.size === 0) {
    throw new ApiError(404, 'resources.structures.errors.rge_no_result', {}, { values: { siret } });
  }
  if (bySiret.size > 1) throw tooManyResults(siret);
  const [[companySiret, lines]] = [...bySiret] as [[string, RgeLine[]]];
  return {
    siret: companySiret,
    name: text(lines.find((line) => text(line.nom_entreprise) !== '')?.nom_entreprise),
    qualifications: qualificationsOf(lines, importedAt.toISOString()),
  };
}
