import { z } from 'zod';
import type { FieldDef } from '../resources/fields';
import { field as fieldBuilder } from '../resources/fields';
import { individuals } from '../resources/individus.resource';
import { projectCoOwners } from '../resources/coporteurs-projet.resource';
import { projectPartners } from '../resources/partenaires-projet.resource';
import { projects } from '../resources/projet.resource';
import type { ResourceDefinition } from '../resources/resource';
import { structures } from '../resources/structures.resource';

/**
 * The contacts import assistant (import-individus, assistant-import; spec 2.1, 2.3, 3, 5, 9): a CSV
 * or XLSX file whose columns are mapped to the fields below, imported in three steps — structures,
 * then their territories, then individuals — by a background job whose state lives in PostgreSQL.
 */

/** What a file holds: individuals (and their structures), or structures alone (spec 3, import template type). */
export const importTypes = ['individus', 'structures', 'projets'] as const;
export type ImportType = (typeof importTypes)[number];

/** The steps of an import, in order (spec 2.3: structures-ajax, territoires-ajax, individus-ajax). */
export const importSteps = ['structures', 'territoires', 'individus', 'projets'] as const;
export type ImportStep = (typeof importSteps)[number];

/** The largest file the assistant takes (CSV or XLSX). */
export const ASSISTANT_MAX_BYTES = 50 * 1024 * 1024;
/** The most rows a sheet may hold, the header aside. */
export const ASSISTANT_MAX_ROWS = 200_000;

/**
 * Which record a mapped column fills: the structure, the individual, or the individual's link to the
 * structure; in a file of projects, the project, one of its mission rows, co-owners or partners, or
 * a characteristic (the structure and individual then being its owner).
 */
export type ImportEntity =
  'structure' | 'individual' | 'link' | 'project' | 'mission' | 'coOwner' | 'partner' | 'characteristic';

/** Spec 9: a file of projects has up to 30 mission columns (mission, project type, officer each), 4 co-owners, 4 partners. */
export const PROJECT_MISSION_COLUMNS = 30;
export const PROJECT_CO_OWNER_COLUMNS = 4;
export const PROJECT_PARTNER_COLUMNS = 4;

/** A characteristic is mapped by its form field's name: "characteristic:<name>". */
export const CHARACTERISTIC_PREFIX = 'characteristic:';

/** A field a column can fill: the resource field it writes (or a sub-field of one of its collections). */
export interface ImportField {
  key: string;
  entity: ImportEntity;
  resource: ResourceDefinition;
  /** The resource's field. */
  field: string;
  /** The sub-field, when the value goes into a collection row (a structure's main address, an individual's link). */
  sub?: string;
  def: FieldDef;
  /** The group a repeated column belongs to (a project's mission, co-owner or partner), from 1. */
  group?: number;
}

const resourceOf: Record<ImportEntity, ResourceDefinition> = {
  structure: structures,
  individual: individuals,
  link: individuals,
  project: projects,
  mission: projects,
  coOwner: projectCoOwners,
  partner: projectPartners,
  characteristic: projects,
};

function importField(entity: ImportEntity, name: string, field: string, sub?: string): ImportField {
  const resource = resourceOf[entity];
  const top = resource.fields[field]!;
  const def = sub === undefined ? top : top.fields![sub]!;
  return { key: `${entity}.${name}`, entity, resource, field, sub, def };
}

/** A repeated group's field: "mission.3.projectType", "coOwner.2.name". */
function groupField(entity: 'mission' | 'coOwner' | 'partner', group: number, name: string): ImportField {
  const resource = resourceOf[entity];
  // A participant's "name" is its structure's name or acronym, or its individual's email.
  const def =
    entity === 'mission'
      ? resource.fields.missions!.fields![name]!
      : name === 'name'
        ? resource.fields.structure!
        : resource.fields[name]!;
  const field = entity === 'mission' ? 'missions' : name === 'name' ? 'structure' : name;
  return {
    key: `${entity}.${group}.${name}`,
    entity,
    resource,
    field,
    sub: entity === 'mission' ? name : undefined,
    def,
    group,
  };
}

const groups = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/**
 * Every field the assistant fills, in the order the mapping offers them. "structure.territories"
 * names the structure's parent territories (other structures), several separated by commas.
 */
export const importFields: readonly ImportField[] = [
  ...['name', 'acronym', 'siret', 'email', 'phone', 'website', 'contactType', 'publicSubtype', 'comments'].map((name) =>
    importField('structure', name, name),
  ),
  importField('structure', 'address', 'addresses', 'address'),
  importField('structure', 'addressComplement', 'addresses', 'complement'),
  importField('structure', 'postalCode', 'addresses', 'postalCode'),
  importField('structure', 'city', 'addresses', 'city'),
  importField('structure', 'commune', 'addresses', 'commune'),
  importField('structure', 'territories', 'parents'),
  ...[
    'civility',
    'lastName',
    'firstName',
    'email',
    'landline',
    'mobile',
    'address',
    'addressComplement',
    'postalCode',
    'commune',
    'cityOutside',
    'comments',
  ].map((name) => importField('individual', name, name)),
  ...[
    'contactType',
    'function',
    'service',
    'directLine',
    'standardLine',
    'mobile',
    'email',
    'leftStructure',
    'comments',
  ].map((name) => importField('link', name, 'structures', name)),
  ...[
    'reference',
    'name',
    'state',
    'status',
    'theme',
    'description',
    'specialPoints',
    'priority',
    'valuable',
    'showOnDashboard',
    'creationDate',
  ].map((name) => importField('project', name, name)),
  ...groups(PROJECT_MISSION_COLUMNS).flatMap((group) =>
    ['mission', 'projectType', 'officer'].map((name) => groupField('mission', group, name)),
  ),
  ...groups(PROJECT_CO_OWNER_COLUMNS).flatMap((group) =>
    ['name', 'liaisonOfficer'].map((name) => groupField('coOwner', group, name)),
  ),
  ...groups(PROJECT_PARTNER_COLUMNS).flatMap((group) =>
    ['name', 'liaisonOfficer'].map((name) => groupField('partner', group, name)),
  ),
];

export const importFieldKeys = importFields.map(({ key }) => key) as [string, ...string[]];
const byKey = new Map(importFields.map((spec) => [spec.key, spec]));

/** A characteristic's text value, as a file gives it (checked by its form field's type when the row is read). */
const characteristicDef = fieldBuilder.text({ maxLength: 5000 });

/** A characteristic's import field, by its form field's name. */
export function characteristicField(key: string): ImportField | undefined {
  const name = key.slice(CHARACTERISTIC_PREFIX.length).trim();
  if (!key.startsWith(CHARACTERISTIC_PREFIX) || name === '' || name.length > 255) return undefined;
  return { key, entity: 'characteristic', resource: projects, field: name, def: characteristicDef };
}

export function findImportField(key: string): ImportField | undefined {
  return byKey.get(key) ?? characteristicField(key);
}

/** The entities each type of file maps, its main records' first. */
const entitiesOf: Record<ImportType, ImportEntity[]> = {
  individus: ['individual', 'structure', 'link'],
  structures: ['structure'],
  projets: ['project', 'mission', 'coOwner', 'partner', 'individual', 'structure'],
};

/**
 * The fields a type of file may map, its main records' first: a structures file fills structures
 * only; a projects file its projects, their owner (an individual and a structure, found or created
 * by the duplicate rule, without territories) and, by name, characteristics.
 */
export function fieldsOfType(type: ImportType): ImportField[] {
  return entitiesOf[type].flatMap((entity) =>
    importFields.filter(
      (field) => field.entity === entity && !(type === 'projets' && field.key === 'structure.territories'),
    ),
  );
}

/** Fields that must have a column: a structure's name; an individual's last name; a project's name. */
export const requiredImportFields: Record<ImportType, string[]> = {
  structures: ['structure.name'],
  individus: ['individual.lastName'],
  projets: ['project.name'],
};

/** The fields compared to find the existing record when none is marked as a search criterion: the duplicate rule's. */
export const defaultCriteria: Record<'structure' | 'individual', string[]> = {
  structure: ['structure.name', 'structure.acronym'],
  individual: ['individual.lastName', 'individual.firstName'],
};

/** A project of the file updates the one of its reference (made by the server: it is never created from the file). */
export const PROJECT_CRITERION = 'project.reference';

/** The spec's three name fields, of which a row of individuals fills at least two (spec 5, import advice). */
export const nameFields = ['individual.lastName', 'individual.firstName', 'structure.name'];

/** The import advice of spec 5, each a catalog key under import_assistant.advice. */
export const importAdvice = [
  'fix_errors',
  'two_names',
  'no_duplicates',
  'no_empty_rows',
  'excel_dates',
  'commas',
  'clean_cells',
] as const;
export type ImportAdvice = (typeof importAdvice)[number];

// ---------------------------------------------------------------------------------------------
// Columns: "A", "B"… "AA", or a 0-based index (spec 9), as the numeric-columns flag says.

/** A column as typed: its 0-based index, or undefined when it is not one. */
export function parseColumn(text: string, numeric: boolean): number | undefined {
  const value = text.trim().toUpperCase();
  if (numeric) return /^\d{1,4}$/.test(value) ? Number(value) : undefined;
  if (!/^[A-Z]{1,3}$/.test(value)) return undefined;
  return [...value].reduce((index, letter) => index * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

/** How a column is written: its letter, or its 0-based index. */
export function columnName(index: number, numeric: boolean): string {
  if (numeric) return String(index);
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

// ---------------------------------------------------------------------------------------------
// The mapping of a run, as an import template holds it (spec 3): type, numeric-columns flag,
// header flag, tab index, and the fields with their column and search-criterion flag.

export interface ImportFieldMapping {
  field: string;
  column: string;
  searchCriterion: boolean;
}

export interface ImportConfig {
  type: ImportType;
  /** The tab, 0 being the first (XLSX; a CSV has one). */
  sheet: number;
  /** The first row names the columns: it is not imported. */
  header: boolean;
  /** Columns are 0-based indexes rather than letters. */
  numericColumns: boolean;
  fields: ImportFieldMapping[];
}

/**
 * What is wrong with a mapping, as catalog keys by path ("fields.2.column"): shared by the run's
 * schema and the import templates' rule.
 */
export function mappingProblems(config: ImportConfig): Record<string, string> {
  const problems: Record<string, string> = {};
  const allowed = new Set(fieldsOfType(config.type).map(({ key }) => key));
  const seen = new Set<string>();
  config.fields.forEach(({ field, column, searchCriterion }, index) => {
    const spec = findImportField(field);
    const fits =
      spec !== undefined && (allowed.has(field) || (config.type === 'projets' && spec.entity === 'characteristic'));
    if (!fits) problems[`fields.${index}.field`] = 'import_assistant.errors.field_of_other_type';
    else if (seen.has(field)) problems[`fields.${index}.field`] = 'import_assistant.errors.field_twice';
    seen.add(field);
    if (parseColumn(column, config.numericColumns) === undefined) {
      problems[`fields.${index}.column`] = config.numericColumns
        ? 'import_assistant.errors.column_index'
        : 'import_assistant.errors.column_letter';
    }
    const projectPart =
      spec !== undefined && resourceOf[spec.entity] !== individuals && resourceOf[spec.entity] !== structures;
    if (
      searchCriterion &&
      (spec?.sub !== undefined || field === 'structure.territories' || (projectPart && field !== PROJECT_CRITERION))
    ) {
      problems[`fields.${index}.searchCriterion`] = 'import_assistant.errors.criterion_field';
    }
  });
  const missing = requiredImportFields[config.type].filter((key) => !seen.has(key));
  if (missing.length > 0) problems.fields = 'import_assistant.errors.required_fields';
  else if (config.fields.some(({ field }) => field.startsWith('link.')) && !seen.has('structure.name')) {
    problems.fields = 'import_assistant.errors.link_without_structure';
  }
  return problems;
}

export const importConfigSchema = z
  .object({
    type: z.enum(importTypes, 'validation.choice'),
    sheet: z.number('validation.integer').int('validation.integer').min(0, 'validation.integer').max(255),
    header: z.boolean().default(true),
    numericColumns: z.boolean().default(false),
    fields: z
      .array(
        z.object({
          field: z.string(),
          column: z.string().trim().max(10, 'validation.too_long'),
          searchCriterion: z.boolean().default(false),
        }),
      )
      .max(importFields.length + 200),
  })
  .superRefine((config, context) => {
    for (const [path, message] of Object.entries(mappingProblems(config))) {
      context.addIssue({
        code: 'custom',
        message,
        path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      });
    }
  });

// ---------------------------------------------------------------------------------------------
// The API's payloads.

/** POST /api/assistant-import/import and GET /api/import-individus/{id}/apercu: a tab's first rows. */
export interface ImportPreview {
  /** The XLSX file's tabs, in order; a CSV has none. */
  sheets: string[];
  sheet: number;
  /** The widest row's number of cells. */
  columnCount: number;
  /** The header row's cells when the header flag is set. */
  headers: string[] | null;
  /** The first rows to import. */
  sample: string[][];
  /** Rows to import: blank ones and the header aside. */
  rowCount: number;
}

export const importStatuses = [
  'uploaded',
  'simulating',
  'simulated',
  'importing',
  'imported',
  'failed',
  'undone',
] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** What a step did (or, in a simulation, would do) to the records: territories count linked structures as updated. */
export interface ImportStepResult {
  created: number;
  updated: number;
  rejected: number;
}

export type ImportResults = Partial<Record<ImportStep, ImportStepResult>>;

/** GET /api/import-individus/{id} */
export interface ImportJob {
  id: number;
  fileName: string;
  format: 'csv' | 'xlsx';
  sheets: string[];
  status: ImportStatus;
  /** What the last run was: a simulation (dry run) changes nothing. */
  run: 'simulation' | 'import' | null;
  /** The step under way, or the last one run. */
  step: ImportStep | null;
  /** Rows of the current step processed, out of total (spec 9). */
  processed: number;
  total: number;
  results: ImportResults;
  /** The last run's failure, in the request's language. */
  error: string | null;
  config: ImportConfig | null;
  /** The mapping the last finished simulation ran with: the import runs with that one. */
  simulatedConfig: ImportConfig | null;
  /** The import changed records and can be undone as a whole. */
  canUndo: boolean;
  createdAt: string;
  finishedAt: string | null;
  undoneAt: string | null;
}

/** One row left out by a step: its number in the spreadsheet, the field, the reason and the advice that applies. */
export interface ImportRejection {
  row: number;
  /** An import field key, or null when the row as a whole is refused. */
  field: string | null;
  /** The reason, in the request's language. */
  message: string;
  advice: ImportAdvice;
}

/** GET /api/import-individus/{id}/<step>-ajax: a step's figures and a page of its rejected rows. */
export interface ImportStepReport {
  step: ImportStep;
  result: ImportStepResult | null;
  rejections: ImportRejection[];
  page: number;
  pageSize: number;
}

/** Statuses where a job is working in the background: the page polls it. */
export const runningStatuses: readonly ImportStatus[] = ['simulating', 'importing'];
