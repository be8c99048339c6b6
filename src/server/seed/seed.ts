import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { resources } from '../../shared/resources/registry';
import { USERS_TARGET, type FieldDef } from '../../shared/resources/fields';
import { inputSchema, type ResourceDefinition } from '../../shared/resources/resource';
import { hashPassword } from '../auth/passwords';
import { communesCount, loadCommunes, type CommunesLoadResult } from './communes-load';
import type { Database } from '../db/database';
import { loadConfig } from '../config';
import { seedProjectCharacteristics } from './demo-project-characteristics';
import { seedTicketSteps } from './demo-tickets';
import { seedDemoMails } from './demo-mails';
import { seedDemoTheme } from './demo-theme';
import { builtInData, demoData, demoFiles, isDemoRef, type DemoRecord, type DemoValue } from './demo-data';
import { seedDemoConfigurationValues } from './demo-configuration-values';
import { demoProjectDocumentFiles } from './demo-project-documents';
import { demoTemplateFiles, demoTemplateRecords, publishDemoTemplates } from './demo-template-files';
import { seedOperations, type SeedOperations } from './seed-operations';
import { uploads, users } from '../db/schema';

export interface SeedOptions {
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
  /** Where the demo files go (DATA_DIR/uploads); without it, demo records keep paths to no file. */
  uploadsDir?: string;
  /** Loads every current commune when their table is empty (~35 000 rows: off unless asked, as in tests). */
  communes?: boolean;
  /** MAIL_FROM: the sender the demo mails name (the configuration's default unless told). */
  mailFrom?: string;
}

export interface SeedResult {
  /** Set when this start created the first administrator. */
  admin?: { email: string; password: string; generated: boolean };
  /** Set when this start loaded the communes. */
  communes?: CommunesLoadResult;
}

/** Readable by a person who copies it from the console: no look-alike characters. */
function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(20), (byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * Demo colleagues, each with the access profile of their job and the service (by name, from the demo
 * data) they work in; the external partner has no service (the customer area only).
 */
const demoUsers: {
  email: string;
  firstName: string;
  lastName: string;
  profile: string;
  service: string | null;
  external?: boolean;
}[] = [
  {
    email: 'camille.martin@exemple.fr',
    firstName: 'Camille',
    lastName: 'Martin',
    profile: 'Chargé de mission',
    service: 'Service habitat',
  },
  {
    email: 'julien.bernard@exemple.fr',
    firstName: 'Julien',
    lastName: 'Bernard',
    profile: 'Conseiller',
    service: 'Service habitat',
  },
  {
    email: 'sophie.lefebvre@exemple.fr',
    firstName: 'Sophie',
    lastName: 'Lefebvre',
    profile: 'Conseiller',
    service: 'Service énergie-climat',
  },
  {
    email: 'thomas.girard@exemple.fr',
    firstName: 'Thomas',
    lastName: 'Girard',
    profile: 'Partenaire externe',
    service: null,
    external: true,
  },
];

/** The demo's first administrator holds the administrators' access profile too (their flag grants all the same). */
const ADMINISTRATOR_PROFILE = 'Administrateur';

/** What a start gives an empty database; the communes, when asked, as soon as their table is empty. */
export async function seedEmptyDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const result = await seedUsersAndDemoData(db, options);
  // In their own transaction: a start killed while loading them leaves the table empty, and the next one loads them.
  if (options.communes && (await communesCount(db)) === 0) result.communes = await loadCommunes(db);
  return result;
}

/**
 * On the first start of an empty database: the first administrator, the built-in records, then the demo data. One
 * transaction, so a start killed halfway leaves an empty database and the next start seeds again.
 */
function seedUsersAndDemoData(db: Database, options: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ total: count() }).from(users);
    if ((row?.total ?? 0) > 0) return {};

    const email = options.adminEmail ?? 'admin@exemple.fr';
    const password = options.adminPassword ?? generatePassword();
    const [admin] = await tx
      .insert(users)
      .values({
        email,
        firstName: 'Administrateur',
        lastName: 'Principal',
        isAdmin: true,
        passwordHash: await hashPassword(password),
      })
      .returning({ id: users.id });
    if (!options.demoData) {
      await seedResources(seedOperations(tx, admin!.id), builtInData, async () => {});
    } else {
      // The files demo records name: sent by the administrator, then named by those records.
      const demoUploads = await writeDemoFiles(options.uploadsDir);
      await tx.insert(uploads).values(demoUploads.map((upload) => ({ ...upload, ownerId: admin!.id })));
      // Demo colleagues receive a password-creation link from an administrator (Accounts issue).
      // The colleagues come once their profiles and services exist, and before the records naming
      // them (a project's referents, an act's adviser) are completed.
      const seeding = seedOperations(tx, admin!.id);
      const created = await seedResources(seeding, demoData, async (created) => {
        const colleagues = await tx
          .insert(users)
          .values(
            demoUsers.map(({ profile, service, ...user }) => ({
              ...user,
              groupIds: [created.get('groupes')!.get(profile)!],
              serviceId: service === null ? null : created.get('service')!.get(service)!,
            })),
          )
          .returning({ id: users.id, lastName: users.lastName });
        await tx
          .update(users)
          .set({ groupIds: [created.get('groupes')!.get(ADMINISTRATOR_PROFILE)!] })
          .where(eq(users.id, admin!.id));
        created.set(USERS_TARGET, new Map(colleagues.map(({ id, lastName }) => [lastName, id])));
      });
      await publishDemoTemplates(
        seeding,
        demoTemplateRecords.map(({ name }) => created.get('fichier-type')!.get(String(name))!),
      );
      await seedProjectCharacteristics(seeding);
      await seedTicketSteps(tx, admin!.id);
      await seedDemoMails(tx, options.mailFrom ?? loadConfig({}).mailFrom);
      await seedDemoConfigurationValues(tx);
      await seedDemoTheme(tx, options.uploadsDir);
    }
    return { admin: { email, password, generated: options.adminPassword === undefined } };
  });
}

/**
 * Built-in or demo records, created through the operations as the server (systemActor) so they pass the same
 * permission, validation and rules as the screens, each in the audit trail. A field naming a record
 * created later (a step's transition to the next step) is left out at first and set once every
 * record exists.
 */
async function seedResources(
  { operations, context }: SeedOperations,
  records: Record<string, DemoRecord[]>,
  beforeCompleting: (created: Map<string, Map<string, number>>) => Promise<void>,
): Promise<Map<string, Map<string, number>>> {
  const created = new Map<string, Map<string, number>>();
  let missing = false;
  const resolve = (def: FieldDef | undefined, value: DemoValue): unknown => {
    if (Array.isArray(value)) return value.map((item) => resolve(def, item));
    if (value === null || typeof value !== 'object') return value;
    if (!isDemoRef(value)) return resolveRecord(def?.fields ?? {}, value);
    const id = created.get(def?.target ?? '')?.get(value.ref);
    missing ||= id === undefined;
    return id ?? null;
  };
  const resolveRecord = (fields: Record<string, FieldDef>, record: DemoRecord) =>
    Object.fromEntries(Object.entries(record).map(([name, value]) => [name, resolve(fields[name], value)]));
  /** The record's fields that can be resolved now, and whether some could not. */
  const resolvable = (definition: ResourceDefinition, record: DemoRecord) => {
    const values: Record<string, unknown> = {};
    let later = false;
    for (const [name, value] of Object.entries(record)) {
      missing = false;
      const resolved = resolve(definition.fields[name], value);
      if (missing) later = true;
      else values[name] = resolved;
    }
    return { values: inputSchema(definition).parse(values), later };
  };

  const later: { definition: ResourceDefinition; id: number; record: DemoRecord }[] = [];
  for (const definition of resources) {
    const titles = new Map<string, number>();
    created.set(definition.slug, titles);
    for (const record of records[definition.slug] ?? []) {
      const { values, later: incomplete } = resolvable(definition, record);
      const saved = await operations.create(definition, values, context);
      titles.set(String(saved[definition.titleField]), saved.id);
      if (incomplete) later.push({ definition, id: saved.id, record });
    }
  }
  await beforeCompleting(created);
  for (const { definition, id, record } of later) {
    await operations.update(definition, id, resolvable(definition, record).values, context);
  }
  return created;
}

/**
 * The files demo records point at, as small workbooks, and the demo projects' documents (written
 * when there is a folder for them).
 */
async function writeDemoFiles(uploadsDir: string | undefined): Promise<{ path: string; size: number }[]> {
  const files: [string, Buffer][] = [];
  for (const [relative, rows] of Object.entries(demoFiles)) {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Feuil1').addRows(rows);
    files.push([relative, Buffer.from(await workbook.xlsx.writeBuffer())]);
  }
  files.push(...demoProjectDocumentFiles());
  files.push(...(await demoTemplateFiles()));
  const written = [];
  for (const [relative, content] of files) {
    if (uploadsDir) {
      const target = path.join(uploadsDir, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    written.push({ path: relative, size: content.length });
  }
  return written;
}
