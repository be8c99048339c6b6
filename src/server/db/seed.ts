import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { resources } from '../../shared/resources/registry';
import { inputSchema, type ResourceDefinition } from '../../shared/resources/resource';
import { hashPassword } from '../auth/passwords';
import { createResourceStore } from '../engine/resource-store';
import type { Database } from './database';
import { demoData, type DemoRecord } from './demo-data';
import { users } from './schema';

export interface SeedOptions {
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
}

export interface SeedResult {
  /** Set when this start created the first administrator. */
  admin?: { email: string; password: string; generated: boolean };
}

/** Readable by a person who copies it from the console: no look-alike characters. */
function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(20), (byte) => alphabet[byte % alphabet.length]).join('');
}

const demoUsers = [
  { email: 'camille.martin@exemple.fr', firstName: 'Camille', lastName: 'Martin' },
  { email: 'julien.bernard@exemple.fr', firstName: 'Julien', lastName: 'Bernard' },
  { email: 'sophie.lefebvre@exemple.fr', firstName: 'Sophie', lastName: 'Lefebvre' },
];

/**
 * On the first start of an empty database: the first administrator, then the demo data. One
 * transaction, so a start killed halfway leaves an empty database and the next start seeds again.
 */
export async function seedEmptyDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
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
    if (options.demoData) {
      // Demo colleagues receive a password-creation link from an administrator (Accounts issue).
      await tx.insert(users).values(demoUsers);
      await seedResources(tx, admin!.id);
    }
    return { admin: { email, password, generated: options.adminPassword === undefined } };
  });
}

/** Demo records, created through the engine so they pass the same validation as the screens. */
async function seedResources(db: Database, adminId: number): Promise<void> {
  const store = createResourceStore(db);
  const created = new Map<string, Map<string, number>>();
  const resolve = (definition: ResourceDefinition, record: DemoRecord) =>
    Object.fromEntries(
      Object.entries(record).map(([name, value]) => {
        if (value === null || typeof value !== 'object') return [name, value];
        const target = definition.fields[name]?.target ?? '';
        return [name, created.get(target)?.get(value.ref) ?? null];
      }),
    );
  for (const definition of resources) {
    const titles = new Map<string, number>();
    created.set(definition.slug, titles);
    for (const record of demoData[definition.slug] ?? []) {
      const saved = await store.create(definition, inputSchema(definition).parse(resolve(definition, record)), adminId);
      titles.set(String(saved[definition.titleField]), saved.id);
    }
  }
}
