import { getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type AnyPgTable,
  type IndexBuilder,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { personNameParts } from '../../shared/i18n/format';
import { auditActions, type AuditChange } from '../../shared/resources/audit';
import { isReference } from '../../shared/resources/field-kinds';
import { USERS_TARGET, filtersByPrefix, type FieldDef, type FieldKind } from '../../shared/resources/fields';
import { resources } from '../../shared/resources/registry';
import { communes } from '../../shared/resources/communes.resource';
import { steps } from '../../shared/resources/etapes.resource';
import { accessProfiles } from '../../shared/resources/groupes.resource';
import { services } from '../../shared/resources/services.resource';
import { templateFiles } from '../../shared/resources/fichier-type.resource';
import { missions } from '../../shared/resources/missions.resource';
import { taskTemplates } from '../../shared/resources/template-tache.resource';
import { projectTypes } from '../../shared/resources/types-projet.resource';
import { projectStates } from '../../shared/resources/etats-projet.resource';
import { documentTypes } from '../../shared/resources/types-de-document.resource';
import { partnerReferences } from '../../shared/resources/reference-partenaire.resource';
import { internalCommentTypes } from '../../shared/resources/types-commentaire-interne.resource';
import { contactTypes } from '../../shared/resources/types-contact.resource';
import { projectTemplates } from '../../shared/resources/template-projet.resource';
import { usefulLinks } from '../../shared/resources/liens-utiles.resource';
import { emailTemplates } from '../../shared/resources/template-email.resource';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { meetingTypes } from '../../shared/resources/types-reunion.resource';
import { projectThemes } from '../../shared/resources/thematiques-projet.resource';
import { formFields } from '../../shared/resources/champs-de-formulaire.resource';
import { forms } from '../../shared/resources/formulaires.resource';
import { taskTypes } from '../../shared/resources/types-tache.resource';
import { loginHistory } from '../../shared/resources/historique-connexions.resource';
import { tickets } from '../../shared/resources/tickets.resource';
import { ticketComments } from '../../shared/resources/tickets-commentaires.resource';
import { timeEntries } from '../../shared/resources/tickets-temps.resource';
import { subTasks } from '../../shared/resources/tickets-sous-taches.resource';
import { ticketDocuments } from '../../shared/resources/tickets-documents.resource';
import { ticketTransitions } from '../../shared/resources/tickets-transitions.resource';
import { notifications } from '../../shared/resources/notifications.resource';
import { emailLogResource, mailStatuses } from '../../shared/resources/journal-emails.resource';
import { individuals } from '../../shared/resources/individus.resource';
import { structures } from '../../shared/resources/structures.resource';
import { importTemplates } from '../../shared/resources/templates-import.resource';
import { projects } from '../../shared/resources/projet.resource';
import { projectCoOwners } from '../../shared/resources/coporteurs-projet.resource';
import { projectPartners } from '../../shared/resources/partenaires-projet.resource';
import { mediaWatch } from '../../shared/resources/veille-media.resource';
import { projectComments } from '../../shared/resources/commentaires-projet.resource';
import { projectDocuments } from '../../shared/resources/piece-jointe.resource';
import type { DashboardLayout } from '../../shared/dashboard/dashboard';
import {
  importStatuses,
  importSteps,
  type ImportConfig,
  type ImportResults,
} from '../../shared/import-assistant/import-assistant';

/** createdAt, updatedAt, deletedAt: the spec's common fields on every record. */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
};

export interface UserPreferences {
  /** The side menu shrunk to icons ("enlarged" content), stored by toggle-content. */
  sidebarEnlarged?: boolean;
  /** The dashboard's widgets as the user arranged them (order, hidden ones): PUT dashboard/disposition. */
  dashboard?: Partial<DashboardLayout>;
}

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Spec 3's main permission: the user's main role in the service. */
    mainPermission: text('main_permission'),
    locale: text('locale').notNull().default('fr'),
    emailSignature: text('email_signature').notNull().default(''),
    /** An external user (customer area): refused on the back-office login. */
    external: boolean('external').notNull().default(false),
    /** Access profiles (groupes): the user may do what any of them grants. */
    groupIds: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** A user without a service creates nothing (spec 6). */
    serviceId: integer('service_id'),
    username: text('username').notNull().default(''),
    photo: text('photo').notNull().default(''),
    followedMissions: integer('followed_missions')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    notificationTerritories: integer('notification_territories')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    confidentialityTerritories: integer('confidentiality_territories')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Tabs of the user's dashboard, each a title and an iframe (checked and sandboxed on save). */
    dashboardIframes: jsonb('dashboard_iframes')
      .$type<{ tabTitle: string; iframeCode: string }[]>()
      .notNull()
      .default([]),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    preferences: jsonb('preferences').$type<UserPreferences>().notNull().default({}),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_key').on(sql`lower(${table.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table does not give usable cookies. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    /** The back office, or the customer area of external users: each has its own cookie. */
    area: text('area', { enum: ['back_office', 'customer_area'] })
      .notNull()
      .default('back_office'),
    /** Who opened this session as the user ("log in as"): the banner names them, the way back returns to them. */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Flash messages waiting for the session's next page (GET /api/flashes reads and clears them). */
    flashes: jsonb('flashes')
      .$type<{ level: 'success' | 'error' | 'info' | 'warning'; message: string }[]>()
      .notNull()
      .default([]),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId), index('sessions_expires_at_idx').on(table.expiresAt)],
);

/**
 * A mass mailing (publipostage): one template sent to the owners of a selection of projects, each
 * mail a row of the email log that names it, written by the `mailing-build` job a chunk at a time.
 */
export const mailings = pgTable('mailings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  templateId: integer('template_id').references(() => emailTemplatesTable.id as AnyPgColumn, { onDelete: 'set null' }),
  sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
  recipients: integer('recipients').notNull(),
  /** The projects selected, in order; `built`: how many of them a build job has resolved and queued. */
  projectIds: integer('project_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  built: integer('built').notNull().default(0),
  ...timestamps,
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});

/** A file a mail carries: its path under the uploads folder, and the name the recipient sees. */
export interface MailAttachment {
  path: string;
  name: string;
}

/**
 * Every mail the application writes (spec 3, Email log), and the delivery queue of the mails to send:
 * a mail is a row from the moment it is asked for ("scheduled", its `sendAt` maybe later) until it is
 * sent, refused, cancelled or only recorded (no SMTP_URL); `mail/mail-delivery.ts` claims due rows
 * with a lease, so that each is sent once whichever process takes it (see docs/mail.md). The engine
 * resource journal-emails reads this hand-written table; its keys are the resource's field names.
 */
export const emailLog = pgTable(
  'email_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    sender: text('sender').notNull().default(''),
    /** The recipients' addresses, separated by commas; cc and bcc likewise. */
    recipient: text('recipient').notNull(),
    cc: text('cc').notNull().default(''),
    bcc: text('bcc').notNull().default(''),
    subject: text('subject').notNull(),
    /** The text part: what the log's page shows. */
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status', { enum: mailStatuses }).notNull(),
    error: text('error').notNull().default(''),
    /** The project a mail was written from or for (its "Mails envoyés" and "Mails programmés"). */
    projectId: integer('project_id').references(() => projectsTable.id as AnyPgColumn, { onDelete: 'set null' }),
    mailingId: integer('mailing_id').references(() => mailings.id, { onDelete: 'set null' }),
    templateId: integer('template_id').references(() => emailTemplatesTable.id as AnyPgColumn, {
      onDelete: 'set null',
    }),
    /** When it is due; `sentAt` when the SMTP server took it. */
    sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivery: tries so far, and until when the process sending it holds it ("sending"). */
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * A secret the mail carries (a password link's token) while it waits: once sent, the log keeps its
     * text and HTML with the secret masked; a mail only recorded (no SMTP_URL) or failed keeps it.
     */
    secret: text('secret'),
    ...timestamps,
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('email_log_date_idx').on(table.date),
    index('email_log_project_idx').on(table.projectId),
    index('email_log_mailing_idx').on(table.mailingId),
    // The delivery's claim: the few rows still to send, by due date.
    index('email_log_due_idx')
      .on(table.sendAt)
      .where(sql`${table.status} in ('scheduled', 'sending')`),
    // The list's free search and recipient filter, as resource tables have them (see resourceTable).
    index('email_log_recipient_search_idx').using('gin', sql`immutable_unaccent(${table.recipient}) gin_trgm_ops`),
    index('email_log_subject_search_idx').using('gin', sql`immutable_unaccent(${table.subject}) gin_trgm_ops`),
  ],
);

/** Mails handed to the SMTP server per minute, across processes: the delivery's throttle. */
export const mailRate = pgTable('mail_rate', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  sent: integer('sent').notNull(),
});

/** Password reset and creation links: the token itself is only in the mail, the table keeps its SHA-256. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['reset', 'creation'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('password_resets_user_id_idx').on(table.userId)],
);

/** Back-office configuration values by key; typed accessors in src/server/settings. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  ...timestamps,
});

/** Spec 3's configuration group: a section of the configuration screen, with its icon. */
export const configurationGroups = pgTable('configuration_groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  /** A Tabler icon's name (without the "Icon" prefix), e.g. "settings". */
  icon: text('icon').notNull(),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

/**
 * Spec 3's configuration value: its field type says how it is entered and checked
 * (src/shared/configuration-values.schema.ts); value null reads as the default value. A value with a
 * permission is read and written by the users holding it (and administrators); without, by administrators.
 */
export const configurationValues = pgTable('configuration_values', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  groupId: integer('group_id')
    .notNull()
    .references(() => configurationGroups.id, { onDelete: 'cascade' }),
  help: text('help'),
  options: jsonb('options').notNull().default({}),
  permission: text('permission'),
  defaultValue: jsonb('default_value'),
  value: jsonb('value'),
  fieldType: text('field_type').notNull(),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

/**
 * Login throttling: failed attempts per key ("account:<email>" or "ip:<address>") in a window
 * that starts at its first failure; lockedUntil is set when a key reaches its limit.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Where the geocoder (the BAN) placed an address, by the query sent for it: an address is asked
 * for once, and an edited address, being another query, is placed anew.
 */
export const geocodedAddresses = pgTable('geocoded_addresses', {
  query: text('query').primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  /** The address as the geocoder understood it. */
  label: text('label').notNull(),
  ...timestamps,
});

// ---------------------------------------------------------------------------------------------
// Resource tables, built from the shared resource declarations (src/shared/resources).

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Resource tables by slug, so reference columns can point at them. */
export const resourceTables = new Map<string, AnyPgTable>();
// The users are an engine resource too (utilisateurs), on their hand-written table: it also holds
// what only its owner writes (password, language, preferences).
resourceTables.set(USERS_TARGET, users);
resourceTables.set(emailLogResource.slug, emailLog);

function referencedId(target: string | undefined) {
  return () => {
    const table = target === undefined ? undefined : resourceTables.get(target);
    if (!table) throw new Error(`No resource table for "${target}".`);
    return getTableColumns(table).id as AnyPgColumn;
  };
}

const textColumn = (column: string) => text(column).notNull().default('');
const textsColumn = (column: string) =>
  text(column)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * What each field kind stores (its column; an engine entry of its own is in
 * engine/field-kinds.ts, which this bottom layer may not import). `sort: 'text'`: sorted in
 * dictionary order (sortKey). `filterIndex`: the index its list filter reads — a B-tree for an
 * equality, a trigram index for a text's "contains" (a B-tree on text_pattern_ops for a prefix),
 * a GIN for "this value is one of them" on an array; none for the others.
 */
const kindColumns: Record<
  FieldKind,
  {
    column: (column: string, def: FieldDef) => PgColumnBuilderBase & { default(value: never): PgColumnBuilderBase };
    sort?: 'text';
    filterIndex?: 'equality' | 'contains' | 'array';
  }
> = {
  text: { column: textColumn, sort: 'text', filterIndex: 'contains' },
  textarea: { column: textColumn, sort: 'text', filterIndex: 'contains' },
  email: { column: textColumn, sort: 'text', filterIndex: 'contains' },
  url: { column: textColumn, sort: 'text', filterIndex: 'contains' },
  color: { column: textColumn, filterIndex: 'contains' },
  richtext: { column: textColumn },
  file: { column: textColumn },
  integer: { column: (column) => integer(column), filterIndex: 'equality' },
  boolean: { column: (column) => boolean(column).notNull().default(false), filterIndex: 'equality' },
  date: { column: (column) => date(column, { mode: 'string' }), filterIndex: 'equality' },
  datetime: { column: (column) => timestamp(column, { withTimezone: true }) },
  select: { column: (column) => text(column), filterIndex: 'equality' },
  // Its codes, as a texts field's: the same column.
  choices: { column: textsColumn, filterIndex: 'array' },
  'month-year': { column: (column) => text(column) },
  reference: {
    column: (column, def) => integer(column).references(referencedId(def.target)),
    filterIndex: 'equality',
  },
  references: {
    column: (column) =>
      integer(column)
        .array()
        .notNull()
        .default(sql`'{}'::integer[]`),
    filterIndex: 'array',
  },
  texts: { column: textsColumn, filterIndex: 'array' },
  permissions: { column: textsColumn },
  collection: { column: (column) => jsonb(column).notNull().default([]) },
};

/** A field's column, with the field's declared default. */
function fieldColumn(name: string, def: FieldDef) {
  const column = kindColumns[def.kind].column(snakeCase(name), def);
  return def.defaultValue === undefined ? column : column.default(def.defaultValue as never);
}

/** The unique index of a unique field: the store names the field from it when a write clashes. */
export const uniqueIndexName = (definition: ResourceDefinition, field: string) =>
  `${definition.table}_${snakeCase(field)}_unique_idx`;

/**
 * What a list sorts a field by: texts in dictionary order, "État" before "Type" (accents and case
 * ignored; the database's collation may be C), served by the field's sort index.
 */
export function sortKey(def: FieldDef | undefined, column: AnyPgColumn) {
  return def && kindColumns[def.kind].sort === 'text' ? sql`immutable_unaccent(lower(${column}))` : sql`${column}`;
}

/**
 * The table of a resource: id, one column per field, position when sortable, the common
 * timestamps, and who created and last changed each row.
 */
/** A text as people compare names: case, accents, hyphens, apostrophes and spaces ignored (duplicate checks). */
export const comparableText = (value: AnyPgColumn | SQL) =>
  sql`regexp_replace(lower(immutable_unaccent(${value})), '[^a-z0-9]+', '', 'g')`;

/** % and _ typed by a user are matched literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
export const likePattern = (text: string) => `%${escapeLike(text)}%`;
/** The same expression as the trigram indexes of searchable fields, so they serve the search. */
export const likeIgnoringAccents = (column: AnyPgColumn | SQL, pattern: string | Placeholder) =>
  sql`immutable_unaccent(${column}) ilike immutable_unaccent(${pattern})`;
export const containsIgnoringAccents = (column: AnyPgColumn | SQL, text: string) =>
  likeIgnoringAccents(column, likePattern(text));

/**
 * A user as SQL names them wherever a person is written (history, board, time report, SARE file…):
 * formatPersonName's "Nom Prénom", or the email; `alias` names the users' row in the query.
 */
export const userDisplayName = (alias: string) => {
  const parts = personNameParts.map(
    (part) => `nullif(trim(${alias}.${part === 'lastName' ? 'last_name' : 'first_name'}), '')`,
  );
  return sql.raw(`coalesce(nullif(concat_ws(' ', ${parts.join(', ')}), ''), ${alias}.email)`);
};

/** A characteristic's text as the project list's filter compares it: case and accents ignored. */
export const characteristicKey = (value: AnyPgColumn | SQL) => sql`immutable_unaccent(lower(${value}))`;

/** A field searched with "contains" (the list's search or filter), on a trigram index of its column. */
const hasTrigramIndex = (def: FieldDef | undefined) =>
  Boolean(
    def &&
    (def.searchable || (def.filter && kindColumns[def.kind].filterIndex === 'contains' && !filtersByPrefix(def))),
  );

/**
 * A record's title as references and suggestions show it: the title field, then each suffix field
 * when filled ("Dupont Marie"). Joined with || rather than concat_ws, which is not immutable, so
 * that the title can be indexed.
 */
export function titleExpression(definition: ResourceDefinition, columns: Record<string, AnyPgColumn>): SQL<string> {
  const suffix = (definition.titleSuffix ?? []).map(
    (name) => sql` || coalesce(' ' || nullif(${columns[name]!}, ''), '')`,
  );
  return sql<string>`(${columns[definition.titleField]!}${sql.join(suffix)})`;
}

/**
 * What suggestions compare a typed beginning with, and sort those by: the title in lower case
 * without accents, in byte order (C) so that a B-tree serves "starts with" and the order at once.
 */
export const titlePrefixKey = (title: SQL) => sql`(immutable_unaccent(lower(${title})) collate "C")`;

/** Indexes of a resource's own rules, beyond those its fields' options give: built on its table's columns. */
type OwnIndexes = (columns: Record<string, AnyPgColumn>) => IndexBuilder[];

export function resourceTable(definition: ResourceDefinition, ownIndexes?: OwnIndexes) {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...Object.fromEntries(Object.entries(definition.fields).map(([name, def]) => [name, fieldColumn(name, def)])),
    ...(definition.behaviours.sortable ? { position: integer('position').notNull().default(0) } : {}),
    ...(definition.behaviours.publishable ? { published: boolean('published').notNull().default(false) } : {}),
    ...(definition.behaviours.activatable ? { enabled: boolean('enabled').notNull().default(true) } : {}),
    ...timestamps,
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  };
  const table = pgTable(definition.table, columns, (table) => [
    ...Object.entries(definition.fields).flatMap(([name, def]) => {
      const column = table[name]!;
      const indexName = `${definition.table}_${snakeCase(name)}`;
      // B-trees hold the live rows only, which is all a list reads: its count then comes off the
      // index alone (counting 20 000 individuals: 4 ms to 2 ms; 10 000 "Madame": 3 ms to 0.8 ms).
      const live = sql`${table.deletedAt} is null`;
      return [
        // The list's free search: accent-insensitive ILIKE served by a trigram index.
        ...(def.searchable
          ? [index(`${indexName}_search_idx`).using('gin', sql`immutable_unaccent(${column}) gin_trgm_ops`)]
          : []),
        ...(def.sortable ? [index(`${indexName}_sort_idx`).on(sortKey(def, column)).where(live)] : []),
        // "This value is one of them" filters on arrays.
        ...(def.filter && kindColumns[def.kind].filterIndex === 'array'
          ? [index(`${indexName}_any_idx`).using('gin', column)]
          : []),
        // The list's filters: an equality on a B-tree index, a text's "contains" on a trigram index
        // (the search's, when the field is searchable too).
        // (A sortable one has that B-tree already: these kinds sort on their plain column.)
        ...(def.filter && kindColumns[def.kind].filterIndex === 'equality' && !def.sortable
          ? [index(`${indexName}_filter_idx`).on(column).where(live)]
          : []),
        ...(def.filter && filtersByPrefix(def)
          ? [
              index(`${indexName}_filter_idx`)
                .on(sql`${column} text_pattern_ops`)
                .where(live),
            ]
          : def.filter && kindColumns[def.kind].filterIndex === 'contains' && !def.searchable
            ? [index(`${indexName}_filter_idx`).using('gin', sql`immutable_unaccent(${column}) gin_trgm_ops`)]
            : []),
        ...(def.unique ? [uniqueIndex(uniqueIndexName(definition, name)).on(column).where(live)] : []),
      ];
    }),
    // Suggestions (resource-store-read.ts, suggest): titles starting with the typed text, then containing it.
    ...titleIndexes(definition, table as unknown as Record<string, AnyPgColumn>),
    ...(ownIndexes?.(table as unknown as Record<string, AnyPgColumn>) ?? []),
  ]);
  resourceTables.set(definition.slug, table);
  return table;
}

/** The resources some field refers to: those suggested as a form is filled. */
const referencedSlugs = new Set(
  resources.flatMap((definition) =>
    Object.values(definition.fields)
      .flatMap((def) => [def, ...Object.values(def.fields ?? {})])
      .filter(isReference)
      .map((def) => def.target),
  ),
);

function titleIndexes(definition: ResourceDefinition, columns: Record<string, AnyPgColumn>): IndexBuilder[] {
  if (!referencedSlugs.has(definition.slug)) return [];
  const title = titleExpression(definition, columns);
  const titleSearched = !definition.titleSuffix && hasTrigramIndex(definition.fields[definition.titleField]);
  return [
    index(`${definition.table}_title_prefix_idx`)
      .on(titlePrefixKey(title))
      .where(sql`${columns.deletedAt!} is null`),
    ...(titleSearched
      ? []
      : [index(`${definition.table}_title_search_idx`).using('gin', sql`immutable_unaccent(${title}) gin_trgm_ops`)]),
  ];
}

export const usefulLinksTable = resourceTable(usefulLinks);
export const meetingTypesTable = resourceTable(meetingTypes);
export const taskTypesTable = resourceTable(taskTypes);
export const projectThemesTable = resourceTable(projectThemes);
export const projectStatesTable = resourceTable(projectStates);
export const documentTypesTable = resourceTable(documentTypes);
export const partnerReferencesTable = resourceTable(partnerReferences);
export const internalCommentTypesTable = resourceTable(internalCommentTypes);
export const contactTypesTable = resourceTable(contactTypes);
export const projectTemplatesTable = resourceTable(projectTemplates);
export const communesTable = resourceTable(communes);
export const servicesTable = resourceTable(services);
export const missionsTable = resourceTable(missions);
export const projectTypesTable = resourceTable(projectTypes);
export const templateFilesTable = resourceTable(templateFiles);
export const taskTemplatesTable = resourceTable(taskTemplates);
export const stepsTable = resourceTable(steps);
export const formFieldsTable = resourceTable(formFields);
export const formsTable = resourceTable(forms);
export const loginHistoryTable = resourceTable(loginHistory);
export const accessProfilesTable = resourceTable(accessProfiles);
export const structuresTable = resourceTable(structures, (columns) => [
  index('structures_duplicate_idx')
    .on(comparableText(columns.name!), comparableText(columns.acronym!))
    .where(sql`${columns.deletedAt!} is null`),
  // A structure's child territories: the structures whose parents hold it.
  index('structures_parents_idx').using('gin', columns.parents!),
]);
export const individualsTable = resourceTable(individuals, (columns) => [
  index('individuals_duplicate_idx')
    .on(comparableText(columns.lastName!), comparableText(columns.firstName!))
    .where(sql`${columns.deletedAt!} is null`),
  // The individuals linked to a structure: structures @> '[{"structure": id}]'.
  index('individuals_structures_idx').using('gin', sql`${columns.structures!} jsonb_path_ops`),
]);

// ---------------------------------------------------------------------------------------------
// The contacts import assistant (import-individus): its templates, and its jobs with what each run
// refused and what the import changed, so that it can be undone.

export const importTemplatesTable = resourceTable(importTemplates);
// The read scope looks projects up by mission and children by their project: their filter indexes serve.
export const projectsTable = resourceTable(projects, (columns) => [
  // The dashboard's project tabs: a state's projects shown there, by name (a state with none answers at once).
  index('projects_dashboard_idx')
    .on(columns.state!, sql`immutable_unaccent(lower(${columns.name!}))`, columns.id!)
    .where(sql`${columns.showOnDashboard!} and ${columns.deletedAt!} is null`),
]);
export const projectCoOwnersTable = resourceTable(projectCoOwners);
export const projectPartnersTable = resourceTable(projectPartners);
export const projectCommentsTable = resourceTable(projectComments);
// Its project filter's index serves the project's documents.
export const projectDocumentsTable = resourceTable(projectDocuments);
// The board reads a column's cards in their order, the global one every column's.
export const ticketsTable = resourceTable(tickets, (columns) => [
  index('tickets_board_idx')
    .on(columns.step!, columns.boardPosition!)
    .where(sql`${columns.deletedAt!} is null`),
]);
export const ticketCommentsTable = resourceTable(ticketComments);
export const timeEntriesTable = resourceTable(timeEntries);
export const subTasksTable = resourceTable(subTasks);
export const ticketDocumentsTable = resourceTable(ticketDocuments);
export const ticketTransitionsTable = resourceTable(ticketTransitions);
// The header's unread count and the notifications screen read a user's own.
export const notificationsTable = resourceTable(notifications, (columns) => [
  index('notifications_user_idx').on(columns.user!, columns.archived!, columns.seen!),
  // A deadline is told once per user, ticket and deadline, however many maintenance runs race (on conflict do nothing).
  uniqueIndex('notifications_deadline_once')
    .on(columns.user!, columns.ticket!, columns.deadline!)
    .where(sql`${columns.kind!} = 'deadline'`),
]);
export const emailTemplatesTable = resourceTable(emailTemplates);
export const mediaWatchTable = resourceTable(mediaWatch);

/**
 * A project's characteristics: one row per project and form field filled in (dynamic forms, issue 13).
 * `text_value` holds every scalar value as canonical text (an option's value, "2026-03", "true", a
 * number, an id), which the project list's characteristic filter compares; number and date values
 * also keep their type, and several choices are a JSON array.
 */
export const projectCharacteristics = pgTable(
  'project_characteristics',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    project: integer('project')
      .notNull()
      .references(() => projectsTable.id as AnyPgColumn, { onDelete: 'cascade' }),
    field: integer('field')
      .notNull()
      .references(() => formFieldsTable.id as AnyPgColumn, { onDelete: 'cascade' }),
    textValue: text('text_value'),
    numberValue: doublePrecision('number_value'),
    dateValue: date('date_value', { mode: 'string' }),
    jsonValue: jsonb('json_value').$type<string[]>(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('project_characteristics_project_field_idx').on(table.project, table.field),
    // The list's filter "characteristic = value": by field, then the value as the filter compares it.
    index('project_characteristics_filter_idx').on(table.field, characteristicKey(table.textValue)),
    index('project_characteristics_choices_idx').using('gin', sql`${table.jsonValue} jsonb_path_ops`),
  ],
);

/** The yearly counter of project references: one row per year, incremented in the creating transaction. */
export const projectReferenceCounters = pgTable('project_reference_counters', {
  year: integer('year').primaryKey(),
  lastValue: integer('last_value').notNull(),
});

/** One file sent to the import assistant, its mapping, and its last run (simulation or import) as it goes. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Under DATA_DIR/uploads/imports, which GET /uploads never serves. */
    filePath: text('file_path').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    encoding: text('encoding', { enum: ['utf-8', 'windows-1252'] })
      .notNull()
      .default('utf-8'),
    sheets: text('sheets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Non-blank rows of each tab read so far, header included, by tab index. */
    rowCounts: jsonb('row_counts').$type<Record<string, number>>().notNull().default({}),
    config: jsonb('config').$type<ImportConfig>(),
    simulatedConfig: jsonb('simulated_config').$type<ImportConfig>(),
    status: text('status', { enum: importStatuses }).notNull().default('uploaded'),
    run: text('run', { enum: ['simulation', 'import'] }),
    step: text('step', { enum: importSteps }),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    results: jsonb('results').$type<ImportResults>().notNull().default({}),
    /** Catalog key of the last run's failure. */
    error: text('error'),
    /** Written by the process running the job: a job that stops beating was interrupted. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('import_jobs_user_id_idx').on(table.userId, table.createdAt)],
);

/** A row a step of a job's last run left out, with the catalog key of why (rows of a job: no timestamps of their own). */
export const importJobRejections = pgTable(
  'import_job_rejections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    step: text('step', { enum: importSteps }).notNull(),
    row: integer('row').notNull(),
    field: text('field'),
    message: text('message').notNull(),
    /** The message's {{placeholders}}. */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [index('import_job_rejections_job_idx').on(table.jobId, table.step, table.row)],
);

/** A record an import changed, with its row before the import's first change (as to_jsonb gave it): undo restores it. */
export const importJobChanges = pgTable(
  'import_job_changes',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    previous: jsonb('previous').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.resource, table.recordId] })],
);

/** The records a batch of an import created, in one row (undo deletes them). */
export const importJobCreations = pgTable(
  'import_job_creations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    recordIds: integer('record_ids').array().notNull(),
  },
  (table) => [index('import_job_creations_job_idx').on(table.jobId)],
);

// ---------------------------------------------------------------------------------------------
// Duplicate management of the contacts (server/resources/contacts/contact-duplicates.ts, record-merge.ts).

/** When a resource was last scanned for probable duplicates. */
export const duplicateScans = pgTable('duplicate_scans', {
  resource: text('resource').primaryKey(),
  scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
  ...timestamps,
});

/** The pairs the last scan of a resource flagged (first id below the second), paged best first. */
export const duplicateCandidates = pgTable(
  'duplicate_candidates',
  {
    resource: text('resource').notNull(),
    firstId: integer('first_id').notNull(),
    secondId: integer('second_id').notNull(),
    score: integer('score').notNull(),
    similarity: doublePrecision('similarity').notNull(),
    reasons: text('reasons').array().notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.resource, table.firstId, table.secondId] }),
    index('duplicate_candidates_score_idx').on(table.resource, table.score.desc(), table.firstId, table.secondId),
  ],
);

/** Pairs a user said are not duplicates: no scan flags them again. */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    resource: text('resource').notNull(),
    firstId: integer('first_id').notNull(),
    secondId: integer('second_id').notNull(),
    dismissedBy: integer('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.resource, table.firstId, table.secondId] })],
);

/** A merge, in the kept record's history: the record removed, as it was, and which values came from it. */
export const recordMerges = pgTable(
  'record_merges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    resource: text('resource').notNull(),
    keptId: integer('kept_id').notNull(),
    removedId: integer('removed_id').notNull(),
    removedTitle: text('removed_title').notNull(),
    /** The removed record's fields before the merge. */
    removedValues: jsonb('removed_values').$type<Record<string, unknown>>().notNull(),
    /** Field → kept, removed or both. */
    choices: jsonb('choices').$type<Record<string, string>>().notNull(),
    movedLinks: integer('moved_links').notNull().default(0),
    mergedBy: integer('merged_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('record_merges_kept_idx').on(table.resource, table.keptId)],
);

/**
 * Every file sent to POST /api/televersements: who sent it (their quota counts its size) and, once a
 * record names it in a file field, that record (upload_links). A file is served only to whoever may
 * see one of its records, or, before any record names it, to its sender alone.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Under DATA_DIR/uploads: <folder>/<random id>/<name>, as the file field stores it. */
    path: text('path').notNull().unique(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    size: integer('size').notNull(),
    ...timestamps,
  },
  (table) => [index('uploads_owner_idx').on(table.ownerId)],
);

/** The records naming an upload in one of their file fields (a clone names its original's files too). */
export const uploadLinks = pgTable(
  'upload_links',
  {
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.uploadId, table.resource, table.recordId] }),
    index('upload_links_record_idx').on(table.resource, table.recordId),
  ],
);

/** A change in the audit trail of a resource that asks for one (behaviour `audited`). */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    action: text('action', { enum: auditActions }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Each field changed, before → after (all the filled ones for a creation). */
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_entries_record_idx').on(table.resource, table.recordId, table.id)],
);
