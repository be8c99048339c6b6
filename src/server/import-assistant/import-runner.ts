import { getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  defaultCriteria,
  type ImportConfig,
  type ImportField,
  type ImportResults,
  type ImportStep,
  type ImportStepResult,
} from '../../shared/import-assistant/import-assistant';
import { individuals } from '../../shared/resources/individus.resource';
import { fieldSchema } from '../../shared/resources/field-kinds';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { structures } from '../../shared/resources/structures.resource';
import { comparable } from '../db/comparable';
import type { Database } from '../db/database';
import { communesTable, importJobRejections, resourceTables } from '../db/schema';
import { normalize } from '../../shared/resources/import';
import type { Actor } from '../auth/actor';
import { isLive } from '../engine/record-scope';
import { recordRefusals } from '../engine/record-rules';
import { referenceLookup } from '../engine/resource-import';
import type { RecordRefusal } from '../engine/server-resource';
import { lockNames } from '../resources/contacts/duplicates';
import type { ResourceStore } from '../engine/resource-store';
import { isBlankRow, sheetRows, type CsvEncoding, type SheetFile, type SheetRow } from '../engine/sheet-reader';
import {
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
import { addParents, findMatches, insertRecords, newIds, structuresNamed, updateRecords } from './import-writes';

/**
 * Runs an import, or its simulation (dry run), step after step — structures, their territories,
 * individuals — each a pass over the file a batch of rows at a time. A batch is one transaction
 * whose every lookup and write is one statement for all its rows, while the next batch is read and
 * checked; a simulation makes the same checks and writes nothing but its report. The rows a step
 * leaves out are recorded with the reason.
 */

/** Rows per batch: one transaction, one query per lookup and per write. */
export const BATCH_SIZE = 5000;

export interface RunInput {
  db: Database;
  store: ResourceStore;
  jobId: number;
  /** Who imports: their rights decide which referenced records the rows may name. */
  actor: Actor;
  file: SheetFile;
  encoding: CsvEncoding;
  config: ImportConfig;
  dryRun: boolean;
  /** Aborted when the server stops: the run ends after its current batch. */
  signal: AbortSignal;
  /** After each batch: the step under way and its rows processed so far. */
  progress(step: ImportStep, processed: number): Promise<void>;
}

/** The run stopped because the server is stopping (the job then says it was interrupted). */
export class RunInterrupted extends Error {}

/** The steps a mapping needs: structures when it maps them, territories when it maps them, individuals for their files. */
export function stepsOf(config: ImportConfig): ImportStep[] {
  const mapping = compileMapping(config);
  return [
    ...(mapping.fields.structure.length > 0 ? (['structures'] as const) : []),
    ...(mapping.territories ? (['territoires'] as const) : []),
    ...(config.type === 'individus' ? (['individus'] as const) : []),
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
  readonly individualNames = new Map<string, number>();
  /** Structures given parent territories. */
  readonly linked = new Set<number>();
  private placeholder = 0;
  private rejections: Rejection[] = [];

  constructor(
    readonly input: RunInput,
    readonly mapping: CompiledMapping,
    readonly lookups: Lookups,
  ) {}

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

const communesColumns = getTableColumns(communesTable) as Record<string, AnyPgColumn>;

/** Communes and contact types, read once when the mapping needs them. */
async function loadLookups(input: RunInput, mapping: CompiledMapping): Promise<Lookups> {
  const mapped = [...mapping.fields.structure, ...mapping.fields.individual, ...mapping.fields.link];
  const lookups: Lookups = {
    communes: { byInsee: new Map(), byName: new Map() },
    contactTypes: { byTitle: new Map(), ids: new Set() },
  };
  if (mapped.some(({ spec }) => spec.def.target === 'communes')) {
    const rows = await input.db
      .select({
        id: communesColumns.id!,
        inseeCode: communesColumns.inseeCode!,
        name: communesColumns.name!,
        postalCodes: communesColumns.postalCodes!,
      })
      .from(communesTable)
      .where(isLive(communesTable));
    for (const { id, inseeCode, name, postalCodes } of rows) {
      const commune = { id: Number(id), postalCodes: postalCodes as string[] };
      lookups.communes.byInsee.set(String(inseeCode), commune.id);
      const key = normalize(String(name));
      lookups.communes.byName.set(key, [...(lookups.communes.byName.get(key) ?? []), commune]);
    }
  }
  if (mapped.some(({ spec }) => spec.def.target === 'types-contact')) {
    lookups.contactTypes = await referenceLookup(input.store, 'types-contact', input.actor);
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

/** Each resource's fields as a new record without values has them: their defaults (required ones aside). */
const blanks = new Map<ResourceDefinition, Record<string, unknown>>();
function blankOf(definition: ResourceDefinition): Record<string, unknown> {
  let blank = blanks.get(definition);
  if (!blank) {
    const fields = Object.entries(definition.fields).filter(([, def]) => !def.readOnly && !def.required);
    blank = Object.fromEntries(fields.map(([name, def]) => [name, fieldSchema(def).parse(undefined)]));
    blanks.set(definition, blank);
  }
  return blank;
}

/**
 * A new record: the row's values (each already checked as a form checks it) over the fields'
 * defaults; refused when a required field has no value.
 */
function newRecord(
  definition: ResourceDefinition,
  entity: 'structure' | 'individual',
  values: Record<string, unknown>,
): Record<string, unknown> | CellError[] {
  const missing = Object.entries(definition.fields)
    .filter(([name, def]) => def.required && !def.readOnly && (values[name] === undefined || values[name] === ''))
    .map(([name]) => ({ field: importKeyOf(entity, [name]), message: 'validation.required' }));
  return missing.length > 0 ? missing : { ...blankOf(definition), ...values };
}

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
  const record = newRecord(structures, 'structure', {
    ...values,
    addresses: hasAddress ? addressSchema.parse([{ ...address, main: true }]) : [],
  });
  if (Array.isArray(record)) return { errors: record };
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
  const record = newRecord(individuals, 'individual', values);
  if (Array.isArray(record)) return { errors: record };
  if (structureId !== undefined) record.structures = [newLink()];
  return { record, changed: [] };
}

/**
 * Plans a batch's records: the names it may write locked (when it writes), the rows' keys matched
 * against live records (one query), each row merged into its match or made a new record, then the
 * duplicate rule checked in the file, and in the database (one query) unless the criteria are the
 * rule's own fields (a row then matches the record that would be its duplicate). Answers the
 * accepted plans.
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
  const entity = definition === structures ? 'structure' : 'individual';
  const ruleFields = defaultCriteria[entity];
  const byRule = criteria.length === ruleFields.length && criteria.every(({ key }, index) => key === ruleFields[index]);
  // The names it may write are locked first: by the match itself when its criteria are the rule's.
  if (writes && !byRule) {
    const nameOf = (cells: RecordCells, index: number) => String(cells.values.get(ruleFields[index]!) ?? '');
    await lockNames(
      executor,
      resourceTables.get(definition.slug)!,
      candidates.map(({ cells }) => [nameOf(cells, 0), nameOf(cells, 1)]),
    );
  }
  // A row leaving every criterion empty matches nothing.
  const matchable = candidates.filter(({ cells }) => !givesNoCriteria(criteria, cells.values));
  const found = await findMatches(
    executor,
    definition,
    criteria.map(({ field, def }) => ({ field, def })),
    matchable.map(({ cells }) => criteriaValues(criteria, cells.values)),
    { lock: writes, byRule },
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
  // The resource's own rules, as its forms apply them (its server file's validate and beforeChange).
  const refusals = await recordRefusals(
    executor,
    run.input.store.hooksOf(definition.slug),
    plans.map(({ id, record }) => ({ id, values: record })),
    run.input.actor,
  );
  const accepted = plans.filter(({ row }, ord) => {
    const refusal = refusals[ord];
    if (refusal) run.reject(step, row, rejectionsOf(entity, refusal));
    return !refusal;
  });
  if (!byRule) for (const { record, row } of accepted) seenNames.set(twoNames(record, ...names), row);
  return accepted;
}

/**
 * Writes a batch's plans (nothing in a simulation) and counts them. New records get their ids
 * beforehand when the run needs them (structures, which rows then name); a simulation's are placeholders.
 */
async function write(run: Run, executor: Database, step: ImportStep, definition: ResourceDefinition, plans: Plan[]) {
  const creates = plans.filter(({ id }) => id === null);
  const updates = plans.filter(({ id }) => id !== null);
  const needsIds = definition === structures;
  if (run.input.dryRun || needsIds) {
    const ids = run.input.dryRun
      ? run.placeholders(creates.length)
      : await newIds(executor, definition, creates.length);
    creates.forEach((created, index) => (created.id = ids[index]!));
  }
  if (!run.input.dryRun) {
    const { actor, jobId } = run.input;
    await insertRecords(
      executor,
      definition,
      creates.map(({ id, record }) => (id === null ? record : { ...record, id })),
      actor.id,
      jobId,
    );
    const changed = [...new Set(updates.flatMap((update) => update.changed))];
    await updateRecords(
      executor,
      definition,
      changed,
      updates.map(({ id, record }) => ({ ...record, id })),
      actor.id,
      jobId,
    );
  }
  run.result(step).created += creates.length;
  run.result(step).updated += updates.length;
  return creates;
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
    const created = await write(run, executor, 'structures', structures, plans);
    for (const { key, id, row } of plans) run.structures.set(key, { id: id!, row });
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
    const found = await structuresNamed(executor, structures, [...new Set(wanted.flatMap(({ names }) => names))]);
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
      await addParents(
        executor,
        structures,
        [...parents].map(([id, set]) => ({ id, parents: [...set] })),
        run.input.actor.id,
        run.input.jobId,
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
    const structure = rowStructure(run, row);
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
      if (repeated(run, 'individus', row, run.individuals.get(key) ?? batchKeys.get(key))) return false;
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
    await write(run, executor, 'individus', individuals, plans);
    for (const { key, row } of plans) run.individuals.set(key, row);
  },
};

const steps: Record<ImportStep, Step<Candidate> | Step<TerritoriesRow>> = {
  structures: structuresStep,
  territoires: territoriesStep,
  individus: individualsStep,
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
