import { z } from 'zod';
import {
  can,
  commonGroups,
  groupOf,
  readingGroups,
  resourceActions,
  type PermissionGroup,
  type PermissionHolder,
  type ResourceAction,
} from '../permissions';
import type { ParamlessRouteName, RouteName } from '../routes';
import type { MenuIcon, MenuSection } from '../menu-sections';
import { fieldKinds, fieldSchema } from './field-kinds';
import type { FieldDef } from './fields';

export interface ResourceBehaviours {
  /** dupliquer/{id}: a create form prefilled from a record. */
  clonable: boolean;
  /** organiser: drag to order; records carry a position, the first being 0. */
  sortable: boolean;
  /** Every list can be exported unless a resource says otherwise. */
  exportable: boolean;
  /** Records can be imported from a CSV or XLSX file unless a resource says otherwise. */
  importable: boolean;
  /** Records carry a published flag, flipped from the list (GET publication/{id}, reply OK). */
  publishable: boolean;
  /** Records carry an enabled flag, set by the enable and disable batch actions. */
  activatable: boolean;
  /** modal/ajouter: records are also created from a modal (POST …/modal/ajouter answers the record). */
  modalCreate: boolean;
  /** modal/editer/{id}: records are also edited in a modal opened from the list (PUT or POST answers the record). */
  modalEdit: boolean;
  /**
   * Records are written by the server alone (e.g. the login history): only list, show, preview,
   * export and autocomplete; no create, edit, clone, delete, batch, import, sort or publication.
   */
  readOnly: boolean;
  /**
   * Every change is kept in the audit trail (who, when, each field before → after), which the
   * record's history panel reads (GET …/historique/{id}).
   */
  audited: boolean;
  /**
   * No access profile may grant it: administrators alone see it (the email log, whose mails may hold
   * password links).
   */
  administratorsOnly: boolean;
}

/**
 * One resource, declared once. From this alone it gets its table, its API under /api/<slug>, its
 * validation, its permissions and its screens under /admin/<slug>. Labels come from the catalogs:
 * resources.<slug>.{label,singular,fields.<name>,tabs.<tab>,choices.<field>.<value>}.
 */
export interface ResourceDefinition {
  /** The French path segment, e.g. "liens-utiles". */
  slug: string;
  /** SQL table name. */
  table: string;
  /**
   * Its entry in the side menu. `hidden`: a technical child list (a ticket's sub-tasks, a project's
   * co-owners), reached from its parent's page, left out of the menu; its list still opens by its address.
   */
  menu: { section: MenuSection; icon: MenuIcon; hidden?: boolean };
  fields: Record<string, FieldDef>;
  /** The field that names a record (list link, delete dialog, references). */
  titleField: string;
  /** Fields that complete the title where a record is named elsewhere (references, suggestions): individuals' first name. */
  titleSuffix?: string[];
  /**
   * Fields that tell homonyms apart where a record is picked among suggestions, after its title:
   * "Saint-Denis (93 – 93200, 93210)" (the communes' department and postal codes).
   */
  titleDetail?: string[];
  /**
   * The list's free search also suggests records from this route as one types (its reply:
   * Suggestion[]), choosing one opening it: the users' find-approximately, typos tolerated.
   */
  searchSuggest?: ParamlessRouteName;
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /** Rows per list page. */
  pageSize: number;
  behaviours: ResourceBehaviours;
  /** What a record offers besides the engine's own actions: buttons on its screen, batch actions. */
  commands: RecordCommand[];
  /**
   * The resource whose records these belong to (a project's comments, a user's logins), through one
   * of its reference fields: they are also listed and written under the parent's record
   * (/api/{parent}/{id}/{slug}), with the parent's permissions and read scope, in a panel of its page.
   * `inHistory`: each record added, changed or deleted is also an entry of the parent's history (an
   * audited parent), naming the record by its title, or by `historyTitle` when given: these fields'
   * values, a reference by its record's title, the filled ones joined by " – " (a co-owner: who, then
   * their role). `deletedWithParent`: deleting the parent deletes its records (a ticket's comments),
   * rather than being refused while they point at it (a project's advice acts keep their project).
   */
  parent?: {
    resource: string;
    field: string;
    inHistory?: boolean;
    historyTitle?: string[];
    deletedWithParent?: boolean;
  };
  /**
   * The kinds its history may be filtered by (GET …/historique/{id}?type=) besides its own fields
   * ("fiche") and each child resource in its history: these fields, each a kind of its own (a
   * project's state); `labelled`: changes carrying their label (a project's characteristics).
   */
  historyKinds?: { fields?: string[]; labelled?: boolean };
  /**
   * List criteria of the resource's own beyond its filter fields, by name (projet's
   * `caracteristique[<field id>]`): kept with the others in the address, the export and the reset.
   */
  listCriteria?: RegExp;
}

/**
 * A command of a resource's own on one record, e.g. the commune update (maj-commune). Its label is
 * `resources.<slug>.commands.<name>`. A `post` command is a button on the record's screen that POSTs
 * to its route (`{resource}` and `{id}` filled) and shows the reply's message; when `batch`, it is
 * also a batch action of the list, run record by record. A `page` command is a link to a screen. A
 * `download` command is a link to a file of the record (GET: an act's SARE file), on its screen and in
 * its row of a list.
 * The server side is the resource's hook `commands[name]` (src/server/resources/<slug>.server.ts).
 */
export interface RecordCommand {
  name: string;
  kind: 'post' | 'page' | 'download';
  route: RouteName;
  /** The permission it needs on the resource. */
  action: ResourceAction;
  batch?: boolean;
  /** It asks an external service (a 502 when that fails). */
  callsExternalService?: boolean;
}

type ResourceInput = Omit<ResourceDefinition, 'pageSize' | 'behaviours' | 'defaultSort' | 'commands'> & {
  pageSize?: number;
  commands?: RecordCommand[];
  behaviours?: Partial<ResourceBehaviours>;
  defaultSort?: ResourceDefinition['defaultSort'];
};

/** Names the API gives every record: no field may take them. */
const reservedNames = new Set([
  'id',
  'titles',
  'position',
  'published',
  'enabled',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'createdBy',
  'updatedBy',
  'createdByName',
  'updatedByName',
  'refusedActions',
]);

export function defineResource(input: ResourceInput): ResourceDefinition {
  const definition: ResourceDefinition = {
    pageSize: 25,
    commands: [],
    ...input,
    defaultSort: input.defaultSort ?? { field: input.titleField, direction: 'asc' },
    behaviours: {
      clonable: true,
      sortable: false,
      exportable: true,
      importable: true,
      publishable: false,
      activatable: false,
      modalCreate: false,
      modalEdit: false,
      readOnly: false,
      audited: false,
      administratorsOnly: false,
      ...input.behaviours,
    },
  };
  if (definition.behaviours.readOnly) {
    Object.assign(definition.behaviours, {
      clonable: false,
      importable: false,
      sortable: false,
      publishable: false,
      activatable: false,
      modalCreate: false,
      modalEdit: false,
    });
  }
  const reserved = Object.keys(definition.fields).filter((name) => reservedNames.has(name));
  if (reserved.length > 0)
    throw new Error(`Resource "${definition.slug}": reserved field names ${reserved.join(', ')}.`);
  const unsearchable = Object.entries(definition.fields).filter(
    ([, def]) => def.searchable && !fieldKinds[def.kind].searchable,
  );
  if (unsearchable.length > 0)
    throw new Error(`Resource "${definition.slug}": only text fields can be searchable (${unsearchable[0]![0]}).`);
  if (
    ![definition.titleField, ...(definition.titleSuffix ?? []), ...(definition.titleDetail ?? [])].every(
      (name) => name in definition.fields,
    )
  ) {
    throw new Error(`Resource "${definition.slug}": titleField "${definition.titleField}" is not one of its fields.`);
  }
  const { parent } = definition;
  if (parent && definition.fields[parent.field]?.target !== parent.resource) {
    throw new Error(
      `Resource "${definition.slug}": parent field "${parent.field}" is no reference to "${parent.resource}".`,
    );
  }
  const unknownHistory = [...(parent?.historyTitle ?? []), ...(definition.historyKinds?.fields ?? [])].find(
    (name) => !(name in definition.fields),
  );
  if (unknownHistory)
    throw new Error(`Resource "${definition.slug}": history field "${unknownHistory}" is not one of its fields.`);
  return definition;
}

/** The body of create and update requests: every field, validated. */
export function inputSchema(definition: ResourceDefinition) {
  return z.object(
    Object.fromEntries(
      Object.entries(definition.fields)
        .filter(([, def]) => !def.readOnly)
        .map(([name, def]) => [name, fieldSchema(def)]),
    ),
  );
}

export type ResourceInputValues = Record<string, unknown>;

/** The titles of the records that reference fields point at: field → id → title. */
export const referenceTitlesSchema = z.record(z.string(), z.record(z.string(), z.string()));
export type ReferenceTitles = z.infer<typeof referenceTitlesSchema>;

/** A record as the API returns it: the engine's columns, and its declared fields (any resource's). */
export const resourceRecordSchema = z
  .object({
    id: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.number().nullable(),
    updatedBy: z.number().nullable(),
    position: z.number().optional(),
    published: z.boolean().optional(),
    enabled: z.boolean().optional(),
    /**
     * What the reader may not do to this record although their permission on the resource allows it
     * (a user manager and an administrator's account): its list row is disabled, its actions hidden.
     */
    refusedActions: z.array(z.enum(resourceActions)).optional(),
  })
  .catchall(z.unknown());
export type ResourceRecord = z.infer<typeof resourceRecordSchema>;

/** Whether the user may do this action to this record: the resource's permission, less what the record refuses. */
export function canOnRecord(
  user: PermissionHolder,
  definition: ResourceDefinition,
  record: Pick<ResourceRecord, 'refusedActions'>,
  action: ResourceAction,
): boolean {
  return can(user, definition.slug, action) && !(record.refusedActions ?? []).includes(action);
}

/** GET /api/<slug>/{id}: the record, who created and last changed it, and what its references name. */
export const resourceRecordViewSchema = resourceRecordSchema.extend({
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  titles: referenceTitlesSchema,
});
export type ResourceRecordView = z.infer<typeof resourceRecordViewSchema>;

/** GET /api/<slug> */
export const resourcePageSchema = z.object({
  items: z.array(resourceRecordSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  titles: referenceTitlesSchema,
});
export type ResourcePage = z.infer<typeof resourcePageSchema>;

export function listColumns(definition: ResourceDefinition): string[] {
  return Object.entries(definition.fields)
    .filter(([, def]) => def.list)
    .map(([name]) => name);
}

export function filterFields(definition: ResourceDefinition): string[] {
  return Object.entries(definition.fields)
    .filter(([, def]) => def.filter)
    .map(([name]) => name);
}

/** The engine's batch actions (actions-groupes): delete always; enable and disable when the resource is activatable. */
export type BatchAction = 'delete' | 'enable' | 'disable';

function engineBatchActions(definition: ResourceDefinition): BatchAction[] {
  if (definition.behaviours.readOnly) return [];
  return definition.behaviours.activatable ? ['delete', 'enable', 'disable'] : ['delete'];
}

/** Every batch action of a list: the engine's, then the resource's batch commands (by name). */
export function batchActionsOf(definition: ResourceDefinition): string[] {
  return [...engineBatchActions(definition), ...batchCommandsOf(definition).map((command) => command.name)];
}

export function batchCommandsOf(definition: ResourceDefinition): RecordCommand[] {
  return definition.commands.filter((command) => command.kind === 'post' && command.batch);
}

/** The permission a batch action needs: its command's, delete's own, update for enable and disable. */
export function batchActionPermission(definition: ResourceDefinition, action: string): ResourceAction {
  const command = batchCommandsOf(definition).find((candidate) => candidate.name === action);
  return command?.action ?? (action === 'delete' ? 'delete' : 'update');
}

/** Whether a batch action is one of the engine's (delete, enable, disable) rather than a resource's command. */
export function isEngineBatchAction(definition: ResourceDefinition, action: string): action is BatchAction {
  return engineBatchActions(definition).some((candidate) => candidate === action);
}

/** A batch action's catalog label. */
export function batchActionLabel(definition: ResourceDefinition, action: string): string {
  return isEngineBatchAction(definition, action)
    ? `engine.batch_actions.${action}`
    : `resources.${definition.slug}.commands.${action}`;
}

/** A record's name as lists and messages show it: its title field, completed by its title suffix. */
export function recordTitle(definition: ResourceDefinition, record: object): string {
  const values = record as Record<string, unknown>;
  const title = [definition.titleField, ...(definition.titleSuffix ?? [])]
    .map((name) => values[name])
    .filter((value) => value !== null && value !== undefined && value !== '')
    .join(' ');
  // A record whose title fields are empty (a ticket's move without a comment) is still named: its
  // page's heading and the links to it need a text.
  return title === '' && typeof values.id === 'number' ? `#${values.id}` : title;
}

/** Several values beyond this many are cut ("…"): the first postal codes are enough to tell homonyms apart. */
const DETAIL_VALUES = 3;

/**
 * A title followed by what tells the record from its homonyms (its titleDetail), where it is picked:
 * "Saint-Denis (93 – 93200, 93210, 93380)".
 */
export function withTitleDetail(
  definition: ResourceDefinition,
  title: string,
  record: Record<string, unknown>,
): string {
  const details = (definition.titleDetail ?? [])
    .map((name) => {
      const value = record[name];
      if (!Array.isArray(value)) return value === null || value === undefined ? '' : String(value);
      return value.slice(0, DETAIL_VALUES).join(', ') + (value.length > DETAIL_VALUES ? ', …' : '');
    })
    .filter((detail) => detail !== '');
  return details.length === 0 ? title : `${title} (${details.join(' – ')})`;
}

/** A record's title and what tells it from its homonyms, as suggestions name it. */
export const recordLabel = (definition: ResourceDefinition, record: Record<string, unknown>): string =>
  withTitleDetail(definition, recordTitle(definition, record), record);

/** A batch command's reply: the records done, and those refused with the reason. */
export const batchReplySchema = z.object({
  processed: z.number(),
  failed: z.array(z.object({ id: z.number(), title: z.string(), message: z.string() })).optional(),
});
export type BatchReply = z.infer<typeof batchReplySchema>;

/** An autocomplete suggestion (GET …/autocomplete?term=): a record's id; a code for a text field's `suggest` route. */
export interface Suggestion<Value extends number | string = number> {
  value: Value;
  label: string;
}

/** The form's tabs in declaration order, each with its fields; untabbed fields go in the first tab. */
export function formTabs(definition: ResourceDefinition): { tab: string; fields: [string, FieldDef][] }[] {
  const entries = Object.entries(definition.fields).filter(([, def]) => !def.readOnly);
  const first = entries.find(([, def]) => def.tab)?.[1].tab ?? 'general';
  const tabOf = (def: FieldDef) => def.tab ?? first;
  return [...new Set(entries.map(([, def]) => tabOf(def)))].map((tab) => ({
    tab,
    fields: entries.filter(([, def]) => tabOf(def) === tab),
  }));
}

/**
 * The groups of actions an access profile may grant on a resource: reading only when it is read-only,
 * none when administrators alone see it; otherwise spec 3's five, and the group of its own of a
 * command that needs one (the users' "log in as").
 */
export function permissionGroupsOf(definition: ResourceDefinition): readonly PermissionGroup[] {
  if (definition.behaviours.administratorsOnly) return [];
  if (definition.behaviours.readOnly) return readingGroups;
  const own = definition.commands.map(({ action }) => groupOf(action)).filter((group) => !commonGroups.includes(group));
  return [...commonGroups, ...new Set(own)];
}
