import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  defaultCriteria,
  type ImportConfig,
  type ImportField,
  type ImportResults,
  type ImportStep,
  type ImportStepResult,
} from '../../shared/import-assistant/import-assistant';
import { individuals } from '../../shared/resources/individus.resource';
import { projectCoOwners } from '../../shared/resources/coporteurs-projet.resource';
import { projectPartners } from '../../shared/resources/partenaires-projet.resource';
import { projects } from '../../shared/resources/projet.resource';
import type { CharacteristicField, CharacteristicValue } from '../../shared/project-characteristics';
import { translate } from '../../shared/i18n/catalog';
import {
  characteristicField,
  hiddenFormIds,
  writeCharacteristics,
  writeCheckedCharacteristics,
} from '../resources/projet/project-characteristics';
import { journalCharacteristics } from './characteristics-journal';
import { characteristicCell } from './project-rows';
import { fieldSchema } from '../../shared/resources/field-kinds';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { structures } from '../../shared/resources/structures.resource';
import { comparable } from '../db/comparable';
import type { Database } from '../db/database';
import { importJobRejections } from '../db/schema';
import { normalize } from '../../shared/resources/import';
import type { Actor } from '../auth/actor';
import type { BatchContext } from '../engine/resource-batch-operations';
import { referenceLookup } from '../engine/resource-import';
import type { ResourceOperations } from '../engine/resource-operations';
import type { RecordRefusal } from '../engine/server-resource';
import { isBlankRow, sheetRows, type CsvEncoding, type SheetFile, type SheetRow } from '../engine/sheet-reader';
import {
  comparisonOf,
  compileMapping,
  criteriaKey,
  criteriaValues,
  givesNoCriteria,
  fieldValues,
  fillsAny,
  importKeyOf,
  readRecord,
  subValues,
  territoryNames,
  type CellError,
  type CompiledMapping,
  type Lookups,
  type RecordCells,
} from './import-rows';

/**
 * Runs an import, or its simulation (dry run), step after step — structures, their territories,
 * individuals — each a pass over the file a batch of rows at a time. A batch is one transaction
 * whose every lookup and write is one statement for all its rows, while the next batch is read and
 * checked; a simulation makes the same checks and writes nothing but its report. The rows a step
 * leaves out are recorded with the reason. Every lookup of records and every write goes through the
 * operations' batch door (`operations.bulk`): the actor's permission, read scope, rules and audit.
 */

/** Rows per batch: one transaction, one query per lookup and per write. */
export const BATCH_SIZE = 5000;

export interface RunInput {
  db: Database;
  /** The engine's door: its store for reference choices, its batch door for every record read and written. */
  operations: ResourceOperations;
  jobId: number;
  /** Who imports: their rights decide which referenced records the rows may name. */
  actor: Actor;
  file: SheetFile;
  encoding: CsvEncoding;
  config: ImportConfig;
  dryRun: boolean;
  /** Aborted when the server stops: the run ends after its current batch. */
  signal: AbortSignal;
  /** The operations' log (a project's characteristics are saved through a patch). */
  log: FastifyBaseLogger;
  /** After each batch: the step under way and its rows processed so far. */
  progress(step: ImportStep, processed: number): Promise<void>;
}

/** The run stopped because the server is stopping (the job then says it was interrupted). */
export class RunInterrupted extends Error {}

/** The steps a mapping needs: structures when it maps them, territories when it maps them, individuals for their files. */
export function stepsOf(config: ImportConfig): ImportStep[] {
  const mapping = compileMapping(config);
  const projectsFile = config.type === 'projets';
  return [
    ...(mapping.fields.structure.length > 0 ? (['structures'] as const) : []),
    ...(mapping.territories && !projectsFile ? (['territoires'] as const) : []),
    ...(config.type === 'individus' || (projectsFile && mapping.fields.individual.length > 0)
      ? (['individus'] as const)
      : []),
    ...(projectsFile ? (['projets'] as const) : []),
  ];
}

interface Rejection extends CellError {
  step: ImportStep;
  row: number;
}

/** A record a row creates (id null) or updates, with the fields an update sets. */
interface Plan {
  row: number;
  id: number | null;
  record: Record<string, unknown>;
  changed: string[];
  key: string;
}

type Checked = { record: Record<string, unknown>; changed: string[] } | { errors: CellError[] };

/** What a run keeps from batch to batch: the file's records already seen, and its figures. */
class Run {
  readonly results: ImportResults = {};
  /** Structures of the file by their criteria's key: the id they got (negative in a simulation) and their first row. */
  readonly structures = new Map<string, { id: number; row: number }>();
  /** A simulation's new structures by name and acronym (comparable), for the territories they may be. */
  readonly newStructureNames = new Map<string, number[]>();
  /** Duplicate-rule keys (two names) of the records written, by first row, when the criteria are other fields. */
  readonly structureNames = new Map<string, number>();
  readonly individuals = new Map<string, number>();
  /** A projects file's owners: the individuals' ids by their criteria's key (negative in a simulation). */
  readonly individualIds = new Map<string, number>();
  /** A projects file's references already seen, by first row. */
  readonly projectReferences = new Map<string, number>();
  readonly individualNames = new Map<string, number>();
  /** Structures given parent territories. */
  readonly linked = new Set<number>();
  private placeholder = 0;
  private rejections: Rejection[] = [];

  constructor(
    readonly input: RunInput,
    readonly mapping: CompiledMapping,
    readonly lookups: RunLookups,
  ) {}

  /** The batch door's context: the importer, and the batch's transaction (none in a simulation). */
  context(executor: Database): BatchContext {
    return { actor: this.input.actor, tx: this.input.dryRun ? undefined : executor };
  }

  result(step: ImportStep): ImportStepResult {
    return (this.results[step] ??= { created: 0, updated: 0, rejected: 0 });
  }

  /** Leaves a row out of a step, for these reasons. */
  reject(step: ImportStep, row: number, errors: CellError[]): void {
    this.result(step).rejected += 1;
    for (const error of errors) this.rejections.push({ ...error, step, row });
  }

  /** Ids for a simulation's new records: negative, never a real one. */
  placeholders(count: number): number[] {
    return Array.from({ length: count }, () => (this.placeholder -= 1));
  }

  /** Writes the batch's rejections (in its transaction). */
  async flushRejections(executor: Database): Promise<void> {
    if (this.rejections.length === 0) return;
    const rows = JSON.stringify(
      this.rejections.map(({ step, row, field, message, params }) => ({
        job_id: this.input.jobId,
        step,
        row,
        field,
        message,
        params: params ?? {},
      })),
    );
    this.rejections = [];
    await executor.execute(sql`
      insert into ${importJobRejections} (job_id, step, row, field, message, params)
      select * from jsonb_to_recordset(${rows}::jsonb)
        as x(job_id int, step text, row int, field text, message text, params jsonb)`);
  }
}

/** A form a project's characteristics belong to, and the project types and themes that call for it. */
interface FormLookup {
  id: number;
  fields: Set<number>;
  projectTypes: number[];
  projectThemes: number[];
}

interface RunLookups extends Lookups {
  /** Form fields by name (compared as names); null when two have the name. */
  characteristics: Map<string, CharacteristicField | null>;
  forms: FormLookup[];
}

/** Communes and contact types (and a projects file's references), read once when the mapping needs them. */
async function loadLookups(input: RunInput, mapping: CompiledMapping): Promise<RunLookups> {
  const mapped = [...mapping.fields.structure, ...mapping.fields.individual, ...mapping.fields.link];
  const lookups: RunLookups = {
    communes: { byInsee: new Map(), byName: new Map() },
    contactTypes: { byTitle: new Map(), ids: new Set() },
    characteristics: new Map(),
    forms: [],
  };
  if (mapped.some(({ spec }) => spec.def.target === 'communes')) {
    // The communes the importer may read (the store's scoped rows: a reference list, every live one).
    const communes = input.operations.services.store.scoped('communes', input.actor);
    const { rows } = (await input.db.execute(
      sql`select c.id, c.insee_code as "inseeCode", c.name, c.postal_codes as "postalCodes" from ${communes} as c`,
    )) as { rows: { id: number; inseeCode: string; name: string; postalCodes: string[] }[] };
    for (const { id, inseeCode, name, postalCodes } of rows) {
      const commune = { id: Number(id), postalCodes: postalCodes as string[] };
      lookups.communes.byInsee.set(String(inseeCode), commune.id);
      const key = normalize(String(name));
      lookups.communes.byName.set(key, [...(lookups.communes.byName.get(key) ?? []), commune]);
    }
  }
  if (mapped.some(({ spec }) => spec.def.target === 'types-contact')) {
    lookups.contactTypes = await referenceLookup(input.operations.services.store, 'types-contact', input.actor);
  }
  // A projects file: its states, themes, missions, types and users by name, its characteristics' fields and forms.
  const projectParts = [
    ...mapping.fields.project,
    ...mapping.fields.mission,
    ...mapping.fields.coOwner,
    ...mapping.fields.partner,
  ];
  lookups.references = new Map();
  for (const target of new Set(projectParts.flatMap(({ spec }) => (spec.def.target ? [spec.def.target] : [])))) {
    if (target === 'structures') continue;
    lookups.references.set(target, await referenceLookup(input.operations.services.store, target, input.actor));
  }
  if (mapping.fields.characteristic.length > 0) {
    const store = input.operations.services.store;
    const fields = (await input.db.execute(
      sql`select * from ${store.scoped('champs-de-formulaire', input.actor)} as f`,
    )) as { rows: Record<string, unknown>[] };
    for (const row of fields.rows) {
      const field = characteristicField(row, []);
      const key = normalize(field.name);
      // Two fields of one name: the name is ambiguous, the cell refused.
      lookups.characteristics.set(key, lookups.characteristics.has(key) ? null : field);
    }
    const forms = (await input.db.execute(
      sql`select f.id, f.fields, f.project_types as "projectTypes", f.project_themes as "projectThemes"
        from ${store.scoped('formulaires', input.actor)} as f order by f.id`,
    )) as {
      rows: { id: number; fields: number[] | null; projectTypes: number[] | null; projectThemes: number[] | null }[];
    };
    // The forms the importer's access profiles hide are not written through.
    const hidden = await hiddenFormIds(input.db, input.actor);
    lookups.forms = forms.rows
      .filter((form) => !hidden.has(Number(form.id)))
      .map((form) => ({
        id: Number(form.id),
        fields: new Set((form.fields ?? []).map(Number)),
        projectTypes: (form.projectTypes ?? []).map(Number),
        projectThemes: (form.projectThemes ?? []).map(Number),
      }));
  }
  return lookups;
}

/** The rows to import, a batch at a time: blank rows and the header left out. */
async function* batches(input: RunInput): AsyncGenerator<SheetRow[]> {
  let header = input.config.header;
  let batch: SheetRow[] = [];
  for await (const row of sheetRows(input.file, { sheet: input.config.sheet, encoding: input.encoding })) {
    if (isBlankRow(row)) continue;
    if (header) {
      header = false;
      continue;
    }
    batch.push(row);
    if (batch.length === BATCH_SIZE) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Each resource's fields as a new record without values has them: their defaults (required ones without a default aside). */
const blanks = new Map<ResourceDefinition, Record<string, unknown>>();
function blankOf(definition: ResourceDefinition): Record<string, unknown> {
  let blank = blanks.get(definition);
  if (!blank) {
    const fields = Object.entries(definition.fields).filter(
      ([, def]) => !def.readOnly && (!def.required || def.defaultValue !== undefined),
    );
    blank = Object.fromEntries(fields.map(([name, def]) => [name, fieldSchema(def).parse(undefined)]));
    blanks.set(definition, blank);
  }
  return blank;
}

/**
 * A new record: the row's values (each already checked as a form checks it) over the fields'
 * defaults (the batch door refuses it when a required field has no value).
 */
const newRecord = (definition: ResourceDefinition, values: Record<string, unknown>): Record<string, unknown> => ({
  ...blankOf(definition),
  ...values,
});

const twoNames = (record: Record<string, unknown>, first: string, second: string) =>
  `${comparable(String(record[first] ?? ''))}\u0001${comparable(String(record[second] ?? ''))}`;

const linkSchema = fieldSchema(individuals.fields.structures!);
const addressSchema = fieldSchema(structures.fields.addresses!);

/** A record's refusal by its resource's rules, as the rejections of its row. */
function rejectionsOf(entity: 'structure' | 'individual', refusal: RecordRefusal): CellError[] {
  const params = Object.fromEntries(Object.entries(refusal.values ?? {}).map(([name, value]) => [name, String(value)]));
  return Object.entries(refusal.fieldErrors).map(([path, message]) => ({
    field: importKeyOf(entity, path.split('.')),
    message,
    params,
  }));
}

/** A matched record keeps its own spelling of the values it was matched on: the file's others update it. */
function updatedCells(cells: RecordCells, criteria: ImportField[]): RecordCells {
  const values = new Map(cells.values);
  for (const { key } of criteria) values.delete(key);
  return { values, errors: cells.errors };
}

/** The structure a row of the file describes: merged into the record it matches, or new. */
function structureOf(cells: RecordCells, existing: Record<string, unknown> | undefined): Checked {
  const values = fieldValues(structures, cells.values, 'structure');
  const address = subValues(cells.values, 'structure');
  const hasAddress = Object.keys(address).length > 0;
  if (existing) {
    const record = { ...existing, ...values };
    const changed = Object.keys(values);
    if (hasAddress) {
      // The main address takes the file's values; a structure without one gets it.
      const addresses = (existing.addresses as Record<string, unknown>[]) ?? [];
      const main = addresses.findIndex((row) => row.main === true);
      record.addresses =
        main === -1
          ? [...addresses, ...(addressSchema.parse([{ ...address, main: addresses.length === 0 }]) as unknown[])]
          : addresses.map((row, index) => (index === main ? { ...row, ...address } : row));
      changed.push('addresses');
    }
    return { record, changed };
  }
  const record = newRecord(structures, {
    ...values,
    addresses: hasAddress ? addressSchema.parse([{ ...address, main: true }]) : [],
  });
  return { record, changed: [] };
}

/** The individual a row describes, with its link to the row's structure: merged into the record it matches, or new. */
function individualOf(
  cells: RecordCells,
  link: RecordCells,
  structureId: number | undefined,
  existing: Record<string, unknown> | undefined,
): Checked {
  const values = fieldValues(individuals, cells.values, 'individual');
  // The structure is set after the check: a simulation's new structures have no real id.
  const newLink = () => ({
    ...(linkSchema.parse([{ ...subValues(link.values, 'link') }]) as object[])[0],
    structure: structureId,
  });
  if (existing) {
    const record = { ...existing, ...values };
    const changed = Object.keys(values);
    if (structureId !== undefined) {
      const links = (existing.structures as Record<string, unknown>[]) ?? [];
      const at = links.findIndex((row) => row.structure === structureId);
      record.structures =
        at === -1
          ? [...links, newLink()]
          : links.map((row, index) => (index === at ? { ...row, ...subValues(link.values, 'link') } : row));
      changed.push('structures');
    }
    return { record, changed };
  }
  const record = newRecord(individuals, values);
  if (structureId !== undefined) record.structures = [newLink()];
  return { record, changed: [] };
}

/** Whether the criteria are the duplicate rule's own fields (a row then matches the record that would be its duplicate). */
function isByRule(entity: 'structure' | 'individual', criteria: ImportField[]): boolean {
  const ruleFields = defaultCriteria[entity];
  return criteria.length === ruleFields.length && criteria.every(({ key }, index) => key === ruleFields[index]);
}

/**
 * Plans a batch's records: the names it may write locked (when it writes), the rows' keys matched
 * against the live records the importer may read (one query through the batch door), each row
 * merged into its match or made a new record, then the duplicate rule checked in the file. Answers
 * the plans; the door checks the resource's rules when it writes them (write()).
 */
async function plan(
  run: Run,
  executor: Database,
  step: ImportStep,
  definition: ResourceDefinition,
  criteria: ImportField[],
  names: [string, string],
  seenNames: Map<string, number>,
  candidates: {
    row: number;
    cells: RecordCells;
    key: string;
    build: (existing?: Record<string, unknown>) => Checked;
  }[],
): Promise<Plan[]> {
  const writes = !run.input.dryRun;
  const { bulk } = run.input.operations;
  const context = run.context(executor);
  const entity = definition === structures ? 'structure' : 'individual';
  const ruleFields = defaultCriteria[entity];
  const byRule = isByRule(entity, criteria);
  // The names it may write are locked first: by the match itself when its criteria are the rule's.
  if (writes && !byRule) {
    const nameOf = (cells: RecordCells, index: number) => String(cells.values.get(ruleFields[index]!) ?? '');
    await bulk.lockNames(
      definition,
      candidates.map(({ cells }) => [nameOf(cells, 0), nameOf(cells, 1)]),
      context,
    );
  }
  // A row leaving every criterion empty matches nothing.
  const matchable = candidates.filter(({ cells }) => !givesNoCriteria(criteria, cells.values));
  const found = await bulk.match(
    definition,
    criteria.map(({ field, def }) => ({ field, comparison: comparisonOf(def) })),
    matchable.map(({ cells }) => criteriaValues(criteria, cells.values)),
    { lock: writes, byRule },
    context,
  );
  const position = new Map(matchable.map((candidate, index) => [candidate, index]));
  const plans: Plan[] = [];
  const batchNames = new Map<string, number>();
  for (const candidate of candidates) {
    const { row, key, build } = candidate;
    const matches = found[position.get(candidate) ?? -1] ?? [];
    if (matches.length > 1) {
      run.reject(step, row, [
        {
          field: null,
          message: 'import_assistant.rejections.ambiguous_match',
          params: { count: String(matches.length) },
        },
      ]);
      continue;
    }
    const built = build(matches[0]);
    if ('errors' in built) {
      run.reject(step, row, built.errors);
      continue;
    }
    // Criteria that are the rule's fields tell records of the file apart by the rule already.
    if (!byRule) {
      const nameKey = twoNames(built.record, ...names);
      const earlier = seenNames.get(nameKey) ?? batchNames.get(nameKey);
      if (earlier !== undefined) {
        run.reject(step, row, [
          { field: null, message: 'import_assistant.rejections.duplicate_in_file', params: { row: String(earlier) } },
        ]);
        continue;
      }
      batchNames.set(nameKey, row);
    }
    plans.push({ row, id: matches[0] ? Number(matches[0].id) : null, key, ...built });
  }
  return plans;
}

/**
 * Writes a batch's plans through the batch door (which checks them all — required fields, the
 * resource's own rules as its forms apply them — and, in a simulation, writes nothing), rejects the
 * rows it refuses and counts the others. Answers the plans written, new records with their ids when
 * the run needs them (structures, which rows then name; a simulation's are placeholders), and the
 * new ones among them.
 */
async function write(
  run: Run,
  executor: Database,
  step: ImportStep,
  definition: ResourceDefinition,
  plans: Plan[],
  { criteria, names, seenNames }: { criteria: ImportField[]; names: [string, string]; seenNames: Map<string, number> },
): Promise<{ accepted: Plan[]; created: Plan[] }> {
  const { dryRun, jobId } = run.input;
  const entity = definition === structures ? 'structure' : 'individual';
  const byRule = isByRule(entity, criteria);
  const creates = plans.filter(({ id }) => id === null);
  const updates = plans.filter(({ id }) => id !== null);
  const result = await run.input.operations.bulk.write(
    definition,
    {
      creates: creates.map(({ record }) => record),
      updates: updates.map(({ id, record }) => ({ id: id!, values: record })),
      fields: [...new Set(updates.flatMap((update) => update.changed))],
    },
    run.context(executor),
    { dryRun, withIds: definition === structures || run.mapping.config.type === 'projets', journal: { jobId } },
  );
  const kept = (list: Plan[], refusals: (RecordRefusal | null)[]) =>
    list.filter(({ row }, index) => {
      const refusal = refusals[index];
      if (refusal) run.reject(step, row, rejectionsOf(entity, refusal));
      return !refusal;
    });
  creates.forEach((created, index) => (created.id = result.ids[index] ?? null));
  const created = kept(creates, result.createRefusals);
  const updated = kept(updates, result.updateRefusals);
  if (dryRun) {
    const ids = run.placeholders(created.length);
    created.forEach((plan, index) => (plan.id = ids[index]!));
  }
  const accepted = plans.filter((plan) => created.includes(plan) || updated.includes(plan));
  if (!byRule) for (const { record, row } of accepted) seenNames.set(twoNames(record, ...names), row);
  run.result(step).created += created.length;
  run.result(step).updated += updated.length;
  return { accepted, created };
}

/** A row a step keeps after its own checks, for its batch's database work. */
interface Candidate {
  row: number;
  cells: RecordCells;
  key: string;
  build: (existing?: Record<string, unknown>) => Checked;
}

/** A territories row: the structure it names and the territories to attach. */
interface TerritoriesRow {
  row: number;
  id: number;
  names: string[];
}

/**
 * A step, in two phases: `prepare` reads and checks each row (JavaScript alone, a slice at a time,
 * so that it runs while the database works on the batch before); `apply` does the batch's
 * database work, in its transaction.
 */
interface Step<T> {
  prepare(run: Run, row: SheetRow): T | undefined;
  apply(run: Run, executor: Database, prepared: T[]): Promise<void>;
}

/** Rejects a row repeating a key seen in the file before (a structure or an individual): answers whether it did. */
function repeated(run: Run, step: ImportStep, row: number, first: number | undefined): boolean {
  if (first === undefined) return false;
  run.reject(step, row, [
    { field: null, message: 'import_assistant.rejections.duplicate_in_file', params: { row: String(first) } },
  ]);
  return true;
}

const structuresStep: Step<Candidate> = {
  prepare(run, row) {
    const { mapping, lookups } = run;
    const fields = mapping.fields.structure;
    if (!fillsAny(row, fields)) return undefined;
    const cells = readRecord(row, fields, lookups);
    if (cells.errors.length > 0) {
      run.reject('structures', row.row, cells.errors);
      return undefined;
    }
    const criteria = mapping.criteria.structure;
    return {
      row: row.row,
      cells,
      key: criteriaKey(criteria, cells.values, 'structure'),
      build: (existing) => structureOf(existing ? updatedCells(cells, criteria) : cells, existing),
    };
  },

  async apply(run, executor, prepared) {
    const batchKeys = new Map<string, number>();
    const candidates = prepared.filter(({ row, key }) => {
      const first = run.structures.get(key)?.row ?? batchKeys.get(key);
      if (first !== undefined) {
        // Individuals of one structure share it; a file of structures names each once.
        if (run.mapping.config.type === 'structures') repeated(run, 'structures', row, first);
        return false;
      }
      batchKeys.set(key, row);
      return true;
    });
    const plans = await plan(
      run,
      executor,
      'structures',
      structures,
      run.mapping.criteria.structure,
      ['name', 'acronym'],
      run.structureNames,
      candidates,
    );
    const { accepted, created } = await write(run, executor, 'structures', structures, plans, {
      criteria: run.mapping.criteria.structure,
      names: ['name', 'acronym'],
      seenNames: run.structureNames,
    });
    for (const { key, id, row } of accepted) run.structures.set(key, { id: id!, row });
    if (run.input.dryRun) {
      for (const { id, record } of created) {
        for (const name of [record.name, record.acronym].map((text) => comparable(String(text ?? '')))) {
          if (name !== '') run.newStructureNames.set(name, [...(run.newStructureNames.get(name) ?? []), id!]);
        }
      }
    }
  },
};

/** The structure a row names, as the structures step left it: its id, or undefined when the row has none. */
function rowStructure(run: Run, row: SheetRow): { id: number } | { missing: true } | undefined {
  const fields = run.mapping.fields.structure;
  if (!fillsAny(row, fields)) return undefined;
  const cells = readRecord(row, fields, run.lookups);
  const found =
    cells.errors.length === 0
      ? run.structures.get(criteriaKey(run.mapping.criteria.structure, cells.values, 'structure'))
      : undefined;
  return found ? { id: found.id } : { missing: true };
}

const territoriesStep: Step<TerritoriesRow> = {
  prepare(run, row) {
    const names = territoryNames(row, run.mapping.territories!);
    if (names.length === 0) return undefined;
    const structure = rowStructure(run, row);
    if (!structure || 'missing' in structure) {
      run.reject('territoires', row.row, [
        { field: 'structure.territories', message: 'import_assistant.rejections.territory_without_structure' },
      ]);
      return undefined;
    }
    return { row: row.row, id: structure.id, names };
  },

  async apply(run, executor, wanted) {
    const found = await run.input.operations.bulk.named(
      structures,
      ['name', 'acronym'],
      [...new Set(wanted.flatMap(({ names }) => names))],
      run.context(executor),
    );
    const parents = new Map<number, Set<number>>();
    for (const { row, id, names } of wanted) {
      const errors: CellError[] = [];
      const ids = names.map((name) => {
        const candidates = [
          ...new Set([...(found.get(name) ?? []), ...(run.newStructureNames.get(comparable(name)) ?? [])]),
        ];
        const error = (message: string) =>
          errors.push({
            field: 'structure.territories',
            message: `import_assistant.rejections.${message}`,
            params: { name },
          });
        if (candidates.length === 0) error('unknown_territory');
        else if (candidates.length > 1) error('ambiguous_territory');
        else if (candidates[0] === id)
          errors.push({ field: 'structure.territories', message: 'validation.own_parent' });
        return candidates[0]!;
      });
      if (errors.length > 0) {
        run.reject('territoires', row, errors);
        continue;
      }
      const set = parents.get(id) ?? new Set<number>();
      ids.forEach((parent) => set.add(parent));
      parents.set(id, set);
      run.linked.add(id);
    }
    run.result('territoires').updated = run.linked.size;
    if (!run.input.dryRun) {
      await run.input.operations.bulk.addReferences(
        structures,
        'parents',
        [...parents].map(([id, set]) => ({ id, ids: [...set] })),
        run.context(executor),
        { journal: { jobId: run.input.jobId } },
      );
    }
  },
};

const NAME_FIELDS = ['individual.lastName', 'individual.firstName'];

const individualsStep: Step<Candidate> = {
  prepare(run, row) {
    const { mapping, lookups } = run;
    const fields = mapping.fields.individual;
    const linkFields = mapping.fields.link;
    if (!fillsAny(row, fields) && !fillsAny(row, linkFields)) return undefined;
    const cells = readRecord(row, fields, lookups);
    const link = readRecord(row, linkFields, lookups);
    const errors = [...cells.errors, ...link.errors];
    if (errors.length > 0) {
      run.reject('individus', row.row, errors);
      return undefined;
    }
    // Spec 5: at least two of last name, first name and structure.
    const structureName = mapping.fields.structure.find(({ spec }) => spec.key === 'structure.name');
    const named =
      NAME_FIELDS.filter((key) => cells.values.has(key)).length +
      (structureName && (row.cells[structureName.column] ?? '').trim() !== '' ? 1 : 0);
    if (named < 2) {
      run.reject('individus', row.row, [{ field: null, message: 'import_assistant.rejections.two_names' }]);
      return undefined;
    }
    // A projects file's owner individual is not linked to its structure.
    const structure = run.mapping.config.type === 'projets' ? undefined : rowStructure(run, row);
    if (structure && 'missing' in structure) {
      run.reject('individus', row.row, [
        { field: 'structure.name', message: 'import_assistant.rejections.structure_refused' },
      ]);
      return undefined;
    }
    const criteria = mapping.criteria.individual;
    return {
      row: row.row,
      cells,
      key: criteriaKey(criteria, cells.values, 'individual'),
      build: (existing) =>
        individualOf(existing ? updatedCells(cells, criteria) : cells, link, structure?.id, existing),
    };
  },

  async apply(run, executor, prepared) {
    const batchKeys = new Map<string, number>();
    const candidates = prepared.filter(({ row, key }) => {
      const first = run.individuals.get(key) ?? batchKeys.get(key);
      // A projects file's projects may share an owner: its first row finds or creates it.
      if (run.mapping.config.type === 'projets' && first !== undefined) return false;
      if (repeated(run, 'individus', row, first)) return false;
      batchKeys.set(key, row);
      return true;
    });
    const plans = await plan(
      run,
      executor,
      'individus',
      individuals,
      run.mapping.criteria.individual,
      ['lastName', 'firstName'],
      run.individualNames,
      candidates,
    );
    const { accepted } = await write(run, executor, 'individus', individuals, plans, {
      criteria: run.mapping.criteria.individual,
      names: ['lastName', 'firstName'],
      seenNames: run.individualNames,
    });
    for (const { key, row, id } of accepted) {
      run.individuals.set(key, row);
      if (id !== null) run.individualIds.set(key, id);
    }
  },
};

/** A mission row of a project: the mission, its project type and officer. */
interface MissionRow {
  mission: number;
  projectType: number | null;
  officer: number | null;
}

/** A co-owner or partner a row names: its cell (a structure's name or acronym, an individual's email) and liaison officer. */
interface ParticipantCell {
  kind: 'coOwner' | 'partner';
  key: string;
  name: string;
  liaisonOfficer: number | null;
}

/** A projects file's row, read and checked: the project's values, owner, missions, participants, characteristics. */
interface ProjectRow {
  row: number;
  values: Record<string, unknown>;
  reference: string | null;
  owner: { individual?: number; structure?: number };
  missions: MissionRow[];
  participants: ParticipantCell[];
  characteristics: { key: string; name: string; field: CharacteristicField; value: CharacteristicValue }[];
}

/** A resolved participant, as the child record is written. */
interface Participant {
  kind: 'coOwner' | 'partner';
  individual: number | null;
  structure: number | null;
  liaisonOfficer: number | null;
}

/** A simulation's checks inside a transaction rolled back: a project's new reference is not counted. */
class RolledBack extends Error {}

/** The import field a project's refused field comes from. */
function projectKeyOf(path: string): string | null {
  const [field] = path.split('.');
  return importFieldsByProjectField.get(field ?? '') ?? (field === 'missions' ? 'mission.1.mission' : null);
}
const importFieldsByProjectField = new Map(
  [
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
  ].map((name) => [name, `project.${name}`]),
);

const projectsStep: Step<ProjectRow> = {
  prepare(run, row) {
    const { mapping, lookups } = run;
    const parts = [
      ...mapping.fields.project,
      ...mapping.fields.mission,
      ...mapping.fields.coOwner,
      ...mapping.fields.partner,
      ...mapping.fields.characteristic,
    ];
    if (!fillsAny(row, parts)) return undefined;
    const cells = readRecord(
      row,
      mapping.fields.project.filter(({ spec }) => spec.key !== 'project.reference'),
      lookups,
    );
    const errors: CellError[] = [...cells.errors];
    const referenceField = mapping.fields.project.find(({ spec }) => spec.key === 'project.reference');
    const reference = referenceField ? (row.cells[referenceField.column] ?? '').trim() || null : null;
    // Missions, by group: a type or an officer without a mission is refused.
    const missions: MissionRow[] = [];
    for (const group of new Set(mapping.fields.mission.map(({ spec }) => spec.group!))) {
      const fields = mapping.fields.mission.filter(({ spec }) => spec.group === group);
      const read = readRecord(row, fields, lookups);
      errors.push(...read.errors);
      if (read.errors.length > 0 || read.values.size === 0) continue;
      const mission = read.values.get(`mission.${group}.mission`) as number | undefined;
      if (mission === undefined) {
        errors.push({
          field: `mission.${group}.mission`,
          message: 'import_assistant.rejections.mission_missing',
          params: { group: String(group) },
        });
        continue;
      }
      if (missions.some((other) => other.mission === mission)) continue;
      missions.push({
        mission,
        projectType: (read.values.get(`mission.${group}.projectType`) as number | undefined) ?? null,
        officer: (read.values.get(`mission.${group}.officer`) as number | undefined) ?? null,
      });
    }
    // Co-owners and partners: named here, found in the batch (apply).
    const participants: ParticipantCell[] = [];
    for (const kind of ['coOwner', 'partner'] as const) {
      const fields = mapping.fields[kind];
      for (const group of new Set(fields.map(({ spec }) => spec.group!))) {
        const nameField = fields.find(({ spec }) => spec.key === `${kind}.${group}.name`);
        const name = nameField ? (row.cells[nameField.column] ?? '').trim() : '';
        if (name === '') continue;
        const officer = readRecord(
          row,
          fields.filter(({ spec }) => spec.key === `${kind}.${group}.liaisonOfficer`),
          lookups,
        );
        errors.push(...officer.errors);
        participants.push({
          kind,
          key: `${kind}.${group}.name`,
          name,
          liaisonOfficer: (officer.values.get(`${kind}.${group}.liaisonOfficer`) as number | undefined) ?? null,
        });
      }
    }
    // Characteristics, by their form field's name.
    const characteristics: ProjectRow['characteristics'] = [];
    for (const { spec, column } of mapping.fields.characteristic) {
      const text = (row.cells[column] ?? '').trim();
      if (text === '') continue;
      const name = spec.field;
      const field = lookups.characteristics.get(normalize(name));
      if (!field) {
        errors.push({
          field: spec.key,
          message: 'import_assistant.rejections.unknown_characteristic',
          params: { name },
        });
        continue;
      }
      const converted = characteristicCell(field, text);
      if ('error' in converted) {
        errors.push({
          field: spec.key,
          message: 'import_assistant.rejections.characteristic_value',
          params: { name, value: text },
        });
        continue;
      }
      characteristics.push({ key: spec.key, name, field, value: converted.value });
    }
    // The owner, as the individuals and structures steps found or created it.
    const owner: ProjectRow['owner'] = {};
    if (fillsAny(row, mapping.fields.individual)) {
      const individual = readRecord(row, mapping.fields.individual, lookups);
      const id =
        individual.errors.length === 0
          ? run.individualIds.get(criteriaKey(mapping.criteria.individual, individual.values, 'individual'))
          : undefined;
      if (id === undefined)
        errors.push({ field: 'individual.lastName', message: 'import_assistant.rejections.owner_individual_refused' });
      else owner.individual = id;
    }
    const structure = rowStructure(run, row);
    if (structure && 'missing' in structure)
      errors.push({ field: 'structure.name', message: 'import_assistant.rejections.structure_refused' });
    else if (structure) owner.structure = structure.id;
    if (errors.length > 0) {
      run.reject('projets', row.row, errors);
      return undefined;
    }
    const values = fieldValues(projects, cells.values, 'project');
    return { row: row.row, values, reference, owner, missions, participants, characteristics };
  },

  async apply(run, executor, prepared) {
    const { input } = run;
    const { bulk } = input.operations;
    const context = run.context(executor);
    const writes = !input.dryRun;
    // A reference once in the file.
    const batchReferences = new Map<string, number>();
    const rows = prepared.filter(({ row, reference }) => {
      if (reference === null) return true;
      if (repeated(run, 'projets', row, run.projectReferences.get(reference) ?? batchReferences.get(reference)))
        return false;
      batchReferences.set(reference, row);
      return true;
    });
    // The projects of the references given, among those the importer may read.
    const referenced = rows.filter(({ reference }) => reference !== null);
    const found = await bulk.match(
      projects,
      [{ field: 'reference', comparison: 'exact' }],
      referenced.map(({ reference }) => [reference!]),
      { lock: writes, byRule: false },
      context,
    );
    const existing = new Map(referenced.map((row, index) => [row, found[index]?.[0]]));
    // Co-owners and partners by structure name or acronym, or individual email.
    const names = [...new Set(rows.flatMap(({ participants }) => participants.map(({ name }) => name)))];
    const [byStructure, byEmail] = await Promise.all([
      bulk.named(structures, ['name', 'acronym'], names, context),
      bulk.named(
        individuals,
        ['email'],
        names.filter((name) => name.includes('@')),
        context,
      ),
    ]);
    const coOwnerRole = translate('fr', 'import_assistant.project_roles.co_owner');
    const partnerRole = translate('fr', 'import_assistant.project_roles.partner');
    const plans: (Plan & { participants: Participant[]; characteristics: ProjectRow['characteristics'] })[] = [];
    for (const candidate of rows) {
      const { row, reference, owner, missions, participants, characteristics } = candidate;
      const errors: CellError[] = [];
      const match = existing.get(candidate);
      if (reference !== null && !match) {
        errors.push({
          field: 'project.reference',
          message: 'import_assistant.rejections.unknown_reference',
          params: { value: reference },
        });
      }
      const resolved: Participant[] = [];
      for (const { kind, key, name, liaisonOfficer } of participants) {
        const structureIds = [
          ...new Set([...(byStructure.get(name) ?? []), ...(run.newStructureNames.get(comparable(name)) ?? [])]),
        ];
        const individualIds = byEmail.get(name) ?? [];
        const count = structureIds.length + individualIds.length;
        if (count !== 1) {
          errors.push({
            field: key,
            message: `import_assistant.rejections.${count === 0 ? 'unknown' : 'ambiguous'}_participant`,
            params: { name },
          });
          continue;
        }
        resolved.push({
          kind,
          structure: structureIds[0] ?? null,
          individual: individualIds[0] ?? null,
          liaisonOfficer,
        });
      }
      // The project as it will be: the matched one with the file's values over it, or a new one.
      const values: Record<string, unknown> = { ...candidate.values };
      if (owner.individual !== undefined) values.ownerIndividual = owner.individual;
      if (owner.structure !== undefined) values.ownerStructure = owner.structure;
      let record: Record<string, unknown>;
      const changed = Object.keys(values);
      if (match) {
        const rowsBefore = (match.missions as MissionRow[] | null) ?? [];
        const merged = [...rowsBefore];
        for (const mission of missions) {
          const at = merged.findIndex((other) => other.mission === mission.mission);
          if (at === -1) merged.push(mission);
          else
            merged[at] = {
              mission: mission.mission,
              projectType: mission.projectType ?? merged[at]!.projectType,
              officer: mission.officer ?? merged[at]!.officer,
            };
        }
        record = { ...match, ...values };
        if (missions.length > 0) {
          record.missions = merged;
          changed.push('missions', 'missionIds', 'projectTypeIds');
        }
      } else {
        record = newRecord(projects, { ...values, missions });
      }
      // Each characteristic in one of the forms its project types or theme call for.
      const types = new Set(
        ((record.missions as MissionRow[] | null) ?? []).flatMap((m) => (m.projectType ? [m.projectType] : [])),
      );
      const theme = record.theme as number | null;
      for (const { key, name, field } of characteristics) {
        const inForm = run.lookups.forms.some(
          (form) =>
            form.fields.has(field.id) &&
            (form.projectTypes.some((type) => types.has(type)) ||
              (theme !== null && form.projectThemes.includes(theme))),
        );
        if (!inForm)
          errors.push({
            field: key,
            message: 'import_assistant.rejections.characteristic_outside_forms',
            params: { name },
          });
      }
      if (errors.length > 0) {
        run.reject('projets', row, errors);
        continue;
      }
      plans.push({
        row,
        id: match ? Number(match.id) : null,
        record,
        changed,
        key: reference ?? '',
        participants: resolved,
        characteristics,
      });
    }
    // The projects, through the batch door: a simulation checks them in a transaction rolled back.
    const creates = plans.filter(({ id }) => id === null);
    const updates = plans.filter(({ id }) => id !== null);
    const batch = {
      creates: creates.map(({ record }) => record),
      updates: updates.map(({ id, record }) => ({ id: id!, values: record })),
      fields: [...new Set(updates.flatMap(({ changed }) => changed))],
    };
    const options = { dryRun: input.dryRun, withIds: true, journal: { jobId: input.jobId } };
    let result: Awaited<ReturnType<typeof bulk.write>> | undefined;
    if (writes) result = await bulk.write(projects, batch, context, options);
    else {
      await input.db
        .transaction(async (tx) => {
          result = await bulk.write(projects, batch, { actor: input.actor, tx: tx as unknown as Database }, options);
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
    }
    const refusalsOf = (refusal: RecordRefusal): CellError[] => {
      const params = Object.fromEntries(Object.entries(refusal.values ?? {}).map(([n, v]) => [n, String(v)]));
      return Object.entries(refusal.fieldErrors).map(([path, message]) => ({
        field: projectKeyOf(path),
        message,
        params,
      }));
    };
    const kept = (list: typeof plans, refusals: (RecordRefusal | null)[]) =>
      list.filter(({ row }, index) => {
        const refusal = refusals[index];
        if (refusal) run.reject('projets', row, refusalsOf(refusal));
        return !refusal;
      });
    creates.forEach((plan, index) => (plan.id = result!.ids[index] ?? null));
    const created = kept(creates, result!.createRefusals);
    const updated = kept(updates, result!.updateRefusals);
    for (const { key, row } of [...created, ...updated]) if (key !== '') run.projectReferences.set(key, row);
    run.result('projets').created += created.length;
    run.result('projets').updated += updated.length;
    if (!writes) return;
    // Co-owners and partners, each once: those the project has already are left as they are.
    for (const [kind, definition, role] of [
      ['coOwner', projectCoOwners, coOwnerRole],
      ['partner', projectPartners, partnerRole],
    ] as const) {
      const wanted = [...created, ...updated].flatMap(({ id, participants }) =>
        participants.filter((one) => one.kind === kind).map((one) => ({ project: id!, ...one })),
      );
      if (wanted.length === 0) continue;
      const present = await bulk.match(
        definition,
        ['project', 'structure', 'individual'].map((field) => ({ field, comparison: 'exact' as const })),
        wanted.map(({ project, structure, individual }) => [
          String(project),
          String(structure ?? ''),
          String(individual ?? ''),
        ]),
        { lock: true, byRule: false },
        context,
      );
      const fresh = wanted.filter((_one, index) => (present[index] ?? []).length === 0);
      await bulk.write(
        definition,
        {
          creates: fresh.map(({ project, structure, individual, liaisonOfficer }) =>
            newRecord(definition, { project, role, structure, individual, liaisonOfficer }),
          ),
          updates: [],
          fields: [],
        },
        context,
        { journal: { jobId: input.jobId } },
      );
    }
    // Characteristics: checked and written as the project's forms save them, in its history; those an
    // update changes are kept first, for the undo.
    await journalCharacteristics(
      executor,
      input.jobId,
      updated.map(({ id, characteristics }) => ({
        project: id!,
        fields: characteristics.map(({ field }) => field.id),
      })),
    );
    const characteristicsContext = {
      db: executor,
      store: input.operations.storeOver(executor),
      actor: input.actor,
      locale: 'fr' as const,
    };
    const patchContext = { actor: input.actor, tx: executor, locale: 'fr' as const, log: input.log };
    // Fields of a plain value: written for the whole batch in a few statements.
    const byRecord = (type: string) => type === 'individual' || type === 'structure';
    const plain = await writeCheckedCharacteristics(
      executor,
      [...created, ...updated].map(({ id, characteristics }) => ({
        project: id!,
        values: characteristics.filter(({ field }) => !byRecord(field.type)),
      })),
      'fr',
    );
    if (plain.length > 0)
      await input.operations.patch(
        projects,
        plain.map(({ id, labelled }) => ({ id, values: {}, labelled })),
        patchContext,
      );
    // An individual or a structure: checked and written as the project's forms save them, project by project.
    for (const { id, characteristics: all, record } of [...created, ...updated]) {
      const characteristics = all.filter(({ field }) => byRecord(field.type));
      if (characteristics.length === 0) continue;
      const types = new Set(
        ((record.missions as MissionRow[] | null) ?? []).flatMap((m) => (m.projectType ? [m.projectType] : [])),
      );
      const theme = record.theme as number | null;
      const byForm: Record<string, Record<string, unknown>> = {};
      for (const { field, value } of characteristics) {
        const form = run.lookups.forms.find(
          (one) =>
            one.fields.has(field.id) &&
            (one.projectTypes.some((type) => types.has(type)) || (theme !== null && one.projectThemes.includes(theme))),
        )!;
        (byForm[form.id] ??= {})[field.id] = value;
      }
      const labelled = await writeCharacteristics(characteristicsContext, id!, byForm);
      if (labelled.length > 0)
        await input.operations.patch(projects, [{ id: id!, values: {}, labelled }], patchContext);
    }
  },
};

const steps: Record<ImportStep, Step<Candidate> | Step<TerritoriesRow> | Step<ProjectRow>> = {
  structures: structuresStep,
  territoires: territoriesStep,
  individus: individualsStep,
  projets: projectsStep,
};

/** Rows prepared between two yields to the event loop: the database's replies are taken in between. */
const PREPARE_SLICE = 250;

/** A batch's rows prepared, a slice at a time. */
async function prepareBatch<T>(run: Run, step: Step<T>, rows: SheetRow[]): Promise<T[]> {
  const prepared: T[] = [];
  for (let start = 0; start < rows.length; start += PREPARE_SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const row of rows.slice(start, start + PREPARE_SLICE)) {
      const candidate = step.prepare(run, row);
      if (candidate !== undefined) prepared.push(candidate);
    }
  }
  return prepared;
}

/**
 * One step over the whole file: while a batch's transaction runs in the database, the next batch
 * is read and prepared; batches are applied in the file's order.
 */
async function runStep<T>(run: Run, step: Step<T>, name: ImportStep): Promise<void> {
  const { input } = run;
  let processed = 0;
  await input.progress(name, processed);
  const source = batches(input)[Symbol.asyncIterator]();
  const next = async () => {
    const batch = await source.next();
    return batch.done ? undefined : { size: batch.value.length, prepared: await prepareBatch(run, step, batch.value) };
  };
  try {
    let current = await next();
    while (current) {
      if (input.signal.aborted) throw new RunInterrupted();
      const { prepared, size } = current;
      const apply = async (executor: Database) => {
        await step.apply(run, executor, prepared);
        await run.flushRejections(executor);
      };
      const applied = input.dryRun ? apply(input.db) : input.db.transaction((tx) => apply(tx as unknown as Database));
      const [following] = await Promise.all([next(), applied]);
      processed += size;
      await input.progress(name, processed);
      current = following;
    }
  } finally {
    await source.return?.(undefined);
  }
}

/** Runs every step of the mapping over the file; answers each step's figures. */
export async function runImport(input: RunInput): Promise<ImportResults> {
  const mapping = compileMapping(input.config);
  const run = new Run(input, mapping, await loadLookups(input, mapping));
  for (const name of stepsOf(input.config)) {
    run.result(name);
    await runStep(run, steps[name] as Step<unknown>, name);
  }
  return run.results;
}
