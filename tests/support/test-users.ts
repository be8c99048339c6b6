import { administratorActor } from '../../src/server/auth/actor';
import { hashPassword } from '../../src/server/auth/passwords';
import { users } from '../../src/server/db/schema';
import { createResourceStore } from '../../src/server/engine/resource-store';
import { serverHooks } from '../../src/server/resources/registry';
import { findResource } from '../../src/shared/resources/registry';
import { logIn, type LoggedIn, type TestApp } from './test-app';

export interface TestUserOptions {
  email: string;
  /** What the user's one access profile grants: "<resource>.<group>" keys. */
  permissions: string[];
  /** With a service (default), the user may create what the profile allows. */
  withService?: boolean;
}

const password = 'Mot-de-passe-de-test-2026';

/** A non-administrator with one access profile (and a service unless told), logged in. */
export async function logInWithProfile(
  t: Pick<TestApp, 'app' | 'database'>,
  { email, permissions, withService = true }: TestUserOptions,
): Promise<LoggedIn> {
  const store = createResourceStore(t.database.db, serverHooks);
  const [admin] = await t.database.db.select({ id: users.id }).from(users);
  const profile = await store.create(
    findResource('groupes')!,
    { name: `Profil de ${email}`, permissions },
    administratorActor(admin!.id),
  );
  const service = withService
    ? await store.create(findResource('service')!, { name: `Service de ${email}` }, administratorActor(admin!.id))
    : undefined;
  await t.database.db.insert(users).values({
    email,
    passwordHash: await hashPassword(password),
    groupIds: [profile.id],
    serviceId: service?.id ?? null,
  });
  return logIn(t.app, { email, password });
}
