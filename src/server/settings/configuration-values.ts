import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  configurationOptionsSchema,
  configurationValueSchema,
  layoutFieldTypes,
  recordFieldResources,
  type ConfigurationFieldType,
  type ConfigurationGroupReply,
  type ConfigurationValueReply,
  type ConfigurationValuesReply,
  type RecaptchaValue,
} from '../../shared/configuration-values.schema';
import type { PermissionHolder } from '../../shared/permissions';
import type { Database } from '../db/database';
import { configurationGroups, configurationValues, resourceTables } from '../db/schema';
import { isLive } from '../engine/record-scope';
import { ApiError } from '../http/api-error';
import { cleanRichText } from '../http/rich-text';

type ValueRow = typeof configurationValues.$inferSelect;

/**
 * The values' columns, value and default read as JSON text and parsed here: drizzle's jsonb column
 * parses a JSON string value a second time (a code editor's "{ ... }" would come back an object).
 */
const valueColumns = {
  ...getTableColumns(configurationValues),
  value: sql<string | null>`${configurationValues.value}::text`,
  defaultValue: sql<string | null>`${configurationValues.defaultValue}::text`,
};
const parsedRow = (
  row: Omit<ValueRow, 'value' | 'defaultValue'> & { value: string | null; defaultValue: string | null },
): ValueRow => ({
  ...row,
  value: row.value === null ? null : JSON.parse(row.value),
  defaultValue: row.defaultValue === null ? null : JSON.parse(row.defaultValue),
});

/**
 * Who may read and write a value: administrators all; anyone else the values whose permission
 * ("<resource>.<group>", as access profiles grant) they hold. A value without a permission is for
 * administrators alone.
 */
export const mayUse = (user: PermissionHolder, permission: string | null): boolean =>
  user.isAdmin || (permission !== null && user.permissions.includes(permission));

/** A value as the API shows it: a password never, a recaptcha's secret never; `set` says one is stored. */
function replyOf(row: ValueRow): ConfigurationValueReply {
  const type = row.fieldType as ConfigurationFieldType;
  const set = row.value !== null;
  let value: unknown = row.value;
  let defaultValue: unknown = row.defaultValue;
  if (type === 'password') {
    value = null;
    defaultValue = null;
  } else if (type === 'recaptcha') {
    const stored = (row.value ?? row.defaultValue) as RecaptchaValue | null;
    value = stored === null ? null : { siteKey: stored.siteKey, secretKey: null };
    defaultValue = null;
  }
  return {
    slug: row.slug,
    name: row.name,
    help: row.help,
    fieldType: type,
    options: configurationOptionsSchema.parse(row.options),
    permission: row.permission,
    defaultValue,
    value,
    set,
  };
}

/** The groups, in order, each with the values this user may use; groups left empty are left out. */
export async function loadConfigurationValues(db: Database, user: PermissionHolder): Promise<ConfigurationValuesReply> {
  const groups = await db
    .select()
    .from(configurationGroups)
    .where(isLive(configurationGroups))
    .orderBy(asc(configurationGroups.position), asc(configurationGroups.id));
  const rows = (
    await db
      .select(valueColumns)
      .from(configurationValues)
      .where(isLive(configurationValues))
      .orderBy(asc(configurationValues.position), asc(configurationValues.id))
  ).map(parsedRow);
  const replies: ConfigurationGroupReply[] = groups.map((group) => ({
    id: group.id,
    name: group.name,
    icon: group.icon,
    values: rows.filter((row) => row.groupId === group.id && mayUse(user, row.permission)).map(replyOf),
  }));
  return { groups: replies.filter((group) => group.values.length > 0) };
}

/** Whether a live record of this resource has this id. */
async function recordExists(db: Database, resource: string | undefined, id: number): Promise<boolean> {
  const table = resource === undefined ? undefined : resourceTables.get(resource);
  if (!table) return false;
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const live = 'deletedAt' in columns ? isLive(table as never) : sql`true`;
  const [row] = await db
    .select({ id: columns.id! })
    .from(table)
    .where(and(eq(columns.id!, id), live));
  return row !== undefined;
}

/**
 * Writes the changed values (by slug; null puts back the default) after checking each by its type:
 * any error and nothing is written (400, French errors by slug). A slug the user may not use answers
 * like one that does not exist.
 */
export async function saveConfigurationValues(
  db: Database,
  user: PermissionHolder,
  changes: Record<string, unknown>,
): Promise<void> {
  const slugs = Object.keys(changes);
  if (slugs.length === 0) return;
  await db.transaction(async (tx) => {
    const rows = (
      await tx
        .select(valueColumns)
        .from(configurationValues)
        .where(and(inArray(configurationValues.slug, slugs), isLive(configurationValues)))
        .for('update')
    ).map(parsedRow);
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    const fieldErrors: Record<string, string> = {};
    const updates: { id: number; value: unknown }[] = [];
    for (const slug of slugs) {
      const row = bySlug.get(slug);
      if (!row || !mayUse(user, row.permission)) {
        fieldErrors[slug] = 'configuration_values.errors.unknown';
        continue;
      }
      const type = row.fieldType as ConfigurationFieldType;
      const input = changes[slug];
      if (layoutFieldTypes.includes(type)) {
        fieldErrors[slug] = 'configuration_values.errors.no_value';
        continue;
      }
      if (input === null) {
        updates.push({ id: row.id, value: null });
        continue;
      }
      const options = configurationOptionsSchema.parse(row.options);
      const parsed = configurationValueSchema(type, options).safeParse(input);
      if (!parsed.success) {
        fieldErrors[slug] = parsed.error.issues[0]?.message ?? 'errors.form';
        continue;
      }
      let value: unknown = parsed.data;
      if (type === 'rich_text') value = cleanRichText(value as string);
      if (type === 'recaptcha') {
        const recaptcha = value as RecaptchaValue;
        const storedSecret = (row.value as RecaptchaValue | null)?.secretKey ?? null;
        if (recaptcha.secretKey === null && storedSecret === null) {
          fieldErrors[slug] = 'configuration_values.errors.recaptcha';
          continue;
        }
        value = { siteKey: recaptcha.siteKey, secretKey: recaptcha.secretKey ?? storedSecret };
      }
      const resource = type === 'entity_select' ? options.resource : recordFieldResources[type];
      if (resource !== undefined || type === 'entity_select') {
        if (!(await recordExists(tx as unknown as Database, resource, value as number))) {
          fieldErrors[slug] = 'validation.reference';
          continue;
        }
      }
      updates.push({ id: row.id, value });
    }
    if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, 'errors.form', fieldErrors);
    for (const { id, value } of updates) {
      await tx
        .update(configurationValues)
        .set({ value: value === null ? sql`null` : sql`${JSON.stringify(value)}::jsonb`, updatedAt: new Date() })
        .where(eq(configurationValues.id, id));
    }
  });
}
