import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import {
  informationTypes,
  projectComments,
  serviceContinuations,
  type ActType,
} from '../../../shared/resources/commentaires-projet.resource';
import { sareFormats, type SareFilters, type SareQuery } from '../../../shared/api/sare.contract';
import type { Database } from '../../db/database';
import { individualsTable, projectsTable, structuresTable, userDisplayName } from '../../db/schema';
import { liveRows } from '../../engine/record-scope';
import type { ResourceContext } from '../../engine/server-resource';
import { XLSX_CONTENT_TYPE, xlsxStream } from '../../engine/resource-export';

/**
 * ADEME's SARE file of advice acts (docs: /work/shared/reference/ademe-sare-export.md): one act a
 * line, 39 columns separated by `|;|`, no header, CRLF, Windows-1252. Columns the back office has
 * no value for (the dwelling, the later dates) stay empty, which the file allows.
 */
export const SARE_SEPARATOR = '|;|';
const MULTI_SEPARATOR = '_/_';
// Acts a query: the query's planning (a dozen joins) is paid once per chunk.
const CHUNK = 2000;

const sareActTypes: Record<ActType, string> = { A01: 'A01', A02: 'A02', A03: 'A03', A04: 'A04', A04b: 'A4b' };
const informationCodes: Record<(typeof informationTypes)[number], string> = {
  technical: 'INFORMATION TECHNIQUE',
  financial: 'INFORMATION FINANCIERE',
  legal: 'INFORMATION JURIDIQUE',
  social: 'INFORMATION SOCIALE',
};
const continuationCodes: Record<(typeof serviceContinuations)[number], string> = {
  energy_audit: 'REALISATION AUDIT ENERGETIQUE',
  works_support: 'ACCOMPAGNEMENT REALISATION DE TRAVAUX',
  hms: 'HMS',
  action_logement: 'ACTION LOGEMENT',
  full_business_support: 'ACCOMPAGNEMENT COMPLET ENTREPRISE (MOE/AMO)',
  existing_programme: 'PROGRAMME EXISTANT',
  usage_action: 'ACTION USAGES',
  building_action: 'ACTION BATI',
  process_action: 'ACTION PROCESS',
  other: 'AUTRE',
  none: 'PAS DE POURSUITE',
};

/** The file's content type: ADEME's text file in Windows-1252, or the spreadsheet to check it by hand. */
const SARE_TEXT_TYPE = 'text/plain; charset=windows-1252';

/** Windows-1252's bytes 0x80–0x9F, by character (five of them unassigned); the rest of Latin-1 is itself. */
const cp1252Specials = new Map(
  [...'€?‚ƒ„…†‡ˆ‰Š‹Œ?Ž??‘’“”•–—˜™š›œ?žŸ']
    .map((char, index) => [char, 0x80 + index] as const)
    .filter(([char]) => char !== '?'),
);

/** Text in Windows-1252: a character it lacks becomes "?". */
export function toWindows1252(text: string): Buffer {
  // One byte a character, written in place: an export makes ~0.8 MB of text per chunk.
  const bytes = Buffer.allocUnsafe(text.length);
  let length = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const special = cp1252Specials.get(char);
    if (special !== undefined) bytes[length] = special;
    else if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes[length] = code;
    else bytes[length] = 0x3f;
    length += 1;
  }
  return bytes.subarray(0, length);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Rich text as the file wants it: plain text, line breaks as spaces, 1 000 characters at most. */
export function plainText(html: string, max = 1000): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return entities[name.toLowerCase()] ?? whole;
    });
  return cut(text, max);
}

/** One value of a column: one line, no separator inside, at most max characters. */
function cut(value: unknown, max = 100): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .replace(/\s+/g, ' ')
    .trim()
    .split(SARE_SEPARATOR)
    .join('--')
    .slice(0, max)
    .split(SARE_SEPARATOR)
    .join('--');
}

/** Codes in the order of their table, joined by _/_. */
function multi<K extends string>(values: unknown, table: Record<K, string>): string {
  const given = new Set(Array.isArray(values) ? (values as string[]) : []);
  return (Object.keys(table) as K[])
    .filter((key) => given.has(key))
    .map((key) => table[key])
    .join(MULTI_SEPARATOR);
}

const isoDate = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

interface SareRow {
  id: number;
  act_date: string;
  act_type: ActType | null;
  duration_minutes: number | null;
  information_types: string[];
  service_continuation: string[];
  customer_question: string;
  adviser_answer: string;
  audit_report_handed_over: boolean;
  updated_at: Date | string;
  adviser_name: string | null;
  service_name: string | null;
  last_name: string | null;
  first_name: string | null;
  structure_name: string | null;
  siret: string | null;
  email: string | null;
  phone: string | null;
  postal_code: string | null;
  commune: string | null;
  address: string | null;
  insee_code: string | null;
}

/** ADEME's names of the 39 columns (the XLSX's header; the file itself has none). */
export const sareColumnNames = [
  "Identifiant unique de l'acte",
  'Structure',
  'Conseiller',
  'Type Acte',
  'Date Acte',
  'Durée Acte',
  'Unité Durée Acte',
  'Type de public',
  'Nom',
  'Prénom',
  'Raison sociale',
  "SIRET de l'entreprise",
  'Eligibilité aux aides Anah',
  'E-mail',
  'Téléphone',
  'Type de logement',
  'Nombre de logement',
  'Code Postal',
  'Commune',
  'Adresse',
  "Statut d'occupation",
  "Type de l'information",
  "Nature de l'information",
  "Nature de l'information technique",
  'Question (posée par le demandeur)',
  'Réponse (apportée par le conseiller)',
  'Poursuite de service envisagée',
  "Rapport d'Audit / DTG remis au demandeur",
  'Visa conseiller',
  'Date de démarrage des travaux',
  'Date du bilan de fin de travaux',
  "Date abandon de l'accompagnement",
  'Date de 1ere visite',
  'Date du 1er devis',
  'Date du Bilan de consommation',
  "Date du test d'étanchéité à l'air",
  'Date de Prise en main finale',
  'Date mise à jour Technique',
  'Code Insee',
] as const;

/** An act as its line of the file (without the CRLF). */
export function sareLine(row: SareRow): string {
  return sareColumns(row).join(SARE_SEPARATOR);
}

/** An act's 39 values, as the file writes them. */
function sareColumns(row: SareRow): string[] {
  return [
    String(row.id),
    cut(row.service_name),
    cut(row.adviser_name),
    row.act_type ? sareActTypes[row.act_type] : '',
    isoDate(row.act_date),
    row.duration_minutes === null ? '' : String(row.duration_minutes),
    'M',
    '',
    cut(row.last_name),
    cut(row.first_name),
    cut(row.structure_name),
    cut(row.siret, 14),
    '',
    cut(row.email),
    cut(row.phone, 20),
    '',
    '',
    cut(row.postal_code, 5),
    cut(row.commune),
    cut(row.address),
    '',
    multi(row.information_types, informationCodes),
    '',
    '',
    plainText(row.customer_question ?? ''),
    plainText(row.adviser_answer ?? ''),
    multi(row.service_continuation, continuationCodes),
    row.audit_report_handed_over ? 'Oui' : 'Non',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    isoDate(row.updated_at),
    cut(row.insee_code, 5),
  ];
}

/** The acts to export: those the filters keep, or one act (the export of one act id). */
export type SareSelection = SareFilters & { act?: number };

function conditions(query: SareSelection): SQL {
  const parts: SQL[] = [];
  if (query.act !== undefined) parts.push(sql`c.id = ${query.act}`);
  if (query.du) parts.push(sql`c.act_date >= ${query.du}::date`);
  if (query.au) parts.push(sql`c.act_date <= ${query.au}::date`);
  if (query.mission !== undefined) parts.push(sql`${query.mission}::integer = any(p.mission_ids)`);
  if (query.conseiller !== undefined) parts.push(sql`coalesce(c.adviser, c.created_by) = ${query.conseiller}`);
  if (query.typeActe) parts.push(sql`c.act_type = ${query.typeActe}`);
  if (query.ademe) parts.push(sql`c.ademe = ${query.ademe === 'true'}`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** The acts (`c`) the reader may read, with their live project (`p`): what the conditions filter, in the file and its count. */
const actsOfProjects = (acts: SQL) => sql`${acts} c join ${liveRows(projectsTable)} p on p.id = c.project`;

/**
 * A chunk of acts (`acts`, the relation of those the reader may read) after (date, id), in the file's
 * order: act date, then id.
 */
async function chunk(
  db: Database,
  acts: SQL,
  where: SQL,
  after: { date: string; id: number } | null,
): Promise<SareRow[]> {
  const next = after ? sql`and (c.act_date, c.id) > (${after.date}::date, ${after.id})` : sql``;
  // Both drivers answer { rows }.
  const result = (await db.execute(sql`
    select c.id, to_char(c.act_date, 'YYYY-MM-DD') as act_date, c.act_type, c.duration_minutes,
      c.information_types, c.service_continuation, c.customer_question, c.adviser_answer,
      c.audit_report_handed_over, to_char(c.updated_at, 'YYYY-MM-DD') as updated_at,
      ${userDisplayName('u')} as adviser_name,
      s.name as service_name,
      nullif(i.last_name, '') as last_name, nullif(i.first_name, '') as first_name,
      st.name as structure_name, nullif(st.siret, '') as siret,
      coalesce(nullif(i.email, ''), nullif(st.email, '')) as email,
      coalesce(nullif(i.mobile, ''), nullif(i.landline, ''), nullif(st.phone, '')) as phone,
      coalesce(nullif(i.postal_code, ''), nullif(a.address ->> 'postalCode', '')) as postal_code,
      coalesce(ic.name, nullif(i.city_outside, ''), sc.name, nullif(a.address ->> 'city', '')) as commune,
      coalesce(nullif(i.address, ''), nullif(a.address ->> 'address', '')) as address,
      coalesce(ic.insee_code, sc.insee_code, nullif(st.insee_code, '')) as insee_code
    from ${actsOfProjects(acts)}
    left join users u on u.id = coalesce(c.adviser, c.created_by)
    left join services s on s.id = u.service_id
    left join ${liveRows(individualsTable)} i on i.id = p.owner_individual
    left join communes ic on ic.id = i.commune
    left join ${liveRows(structuresTable)} st on st.id = p.owner_structure
    left join lateral (
      select main.value as address from jsonb_array_elements(st.addresses) as main(value)
      where (main.value ->> 'main')::boolean limit 1
    ) a on true
    left join communes sc on sc.id = nullif(a.address ->> 'commune', '')::integer
    where ${where} ${next}
    order by c.act_date, c.id
    limit ${CHUNK}`)) as unknown as { rows: SareRow[] };
  return result.rows;
}

export interface SareFile {
  contentType: string;
  extension: (typeof sareFormats)[number];
  body: Readable;
}

/**
 * The SARE file of the selected acts among those the actor may read (or, as `xlsx`, the same values
 * under ADEME's column names), streamed a chunk at a time. The first chunk is read before the reply
 * starts, so a failure there is still an ordinary error reply.
 */
export async function sareExport(
  { db, store, actor }: Pick<ResourceContext, 'db' | 'store' | 'actor'>,
  selection: SareSelection & Pick<SareQuery, 'format'>,
): Promise<SareFile> {
  // The acts of the projects in the actor's read scope (the acts' scope is their project's).
  const acts = store.scoped(projectComments.slug, actor);
  const where = conditions(selection);
  const first = await chunk(db, acts, where, null);
  async function* chunks() {
    let rows = first;
    for (;;) {
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < CHUNK) return;
      const last = rows[rows.length - 1]!;
      rows = await chunk(db, acts, where, { date: last.act_date, id: last.id });
    }
  }
  if (selection.format === 'xlsx') {
    async function* cells() {
      for await (const rows of chunks()) yield* rows.map(sareColumns);
    }
    return {
      contentType: XLSX_CONTENT_TYPE,
      extension: 'xlsx',
      body: xlsxStream('SARE', [...sareColumnNames], cells()),
    };
  }
  async function* bytes() {
    for await (const rows of chunks()) yield toWindows1252(rows.map((row) => `${sareLine(row)}\r\n`).join(''));
  }
  return { contentType: SARE_TEXT_TYPE, extension: 'txt', body: Readable.from(bytes()) };
}

/**
 * How many acts the SARE file of these filters holds (spec 9: an export shows the number of rows to
 * export): the file's own acts, scope and conditions, counted.
 */
export async function sareCount(
  { db, store, actor }: Pick<ResourceContext, 'db' | 'store' | 'actor'>,
  filters: SareFilters,
): Promise<number> {
  const acts = store.scoped(projectComments.slug, actor);
  const result = (await db.execute(sql`
    select count(*)::integer as count
    from ${actsOfProjects(acts)}
    where ${conditions(filters)}`)) as unknown as { rows: { count: number }[] };
  return result.rows[0]?.count ?? 0;
}
