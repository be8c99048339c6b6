import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/auth/passwords';
import type { DatabaseHandle } from '../../src/server/db/database';
import { users } from '../../src/server/db/schema';
import { seedEmptyDatabase } from '../../src/server/seed/seed';
import type { SessionPayload } from '../../src/shared/account/account.schema';
import type { ResourcePage, ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { adminCredentials, authHeaders, logIn, sessionCookieOf, type LoggedIn } from '../support/test-app';
import { openTestDatabase, temporaryUploadsDir } from '../support/test-database';

/**
 * "Log in as" between every pair of the demo users (the administrator, Camille Martin "Chargé de
 * mission", Julien Bernard and Sophie Lefebvre "Conseiller"), with the demo profiles as shipped, then
 * with both granted the permission to log in as another user: each answer is the one written below,
 * and a session opened so reads no project its caller could not read.
 */
type DemoUser = 'admin' | 'Martin' | 'Bernard' | 'Lefebvre';
const demoUsers: DemoUser[] = ['admin', 'Martin', 'Bernard', 'Lefebvre'];
const password = 'Mot-de-passe-de-test-2026';
const emails: Record<DemoUser, string> = {
  admin: adminCredentials.email,
  Martin: 'camille.martin@exemple.fr',
  Bernard: 'julien.bernard@exemple.fr',
  Lefebvre: 'sophie.lefebvre@exemple.fr',
};

const allowed = 200;
const noPermission = "Vous n'avez pas les droits nécessaires pour cette action.";
const administrator = "Seul un administrateur peut se connecter en tant qu'un administrateur.";
const strongerAccount = "Ce compte détient des droits que vous n'avez pas : vous ne pouvez pas le modifier.";
const widerScope =
  'Ce compte consulte des projets que vous ne pouvez pas consulter : vous ne pouvez pas vous connecter en tant que lui.';
type Outcome = typeof allowed | string;

/** As shipped: no demo profile gives "log in as"; administrators have it by their flag. */
const shipped: Record<DemoUser, Partial<Record<DemoUser, Outcome>>> = {
  admin: { Martin: allowed, Bernard: allowed, Lefebvre: allowed },
  Martin: { admin: noPermission, Bernard: noPermission, Lefebvre: noPermission },
  Bernard: { admin: noPermission, Martin: noPermission, Lefebvre: noPermission },
  Lefebvre: { admin: noPermission, Martin: noPermission, Bernard: noPermission },
};
/**
 * Both demo profiles granted it. Sophie Lefebvre is the referent of the confidential "Garage de la
 * Reyssouze" (small private tertiary, attached projects only), which neither colleague reads;
 * Camille Martin of the confidential "Le Clos Saint-Roch" (condominiums), and "Chargé de mission"
 * grants more than "Conseiller"; Julien Bernard reads what the advice mission opens to both.
 */
const granted: Record<DemoUser, Partial<Record<DemoUser, Outcome>>> = {
  admin: { Martin: allowed, Bernard: allowed, Lefebvre: allowed },
  Martin: { admin: administrator, Bernard: allowed, Lefebvre: widerScope },
  Bernard: { admin: administrator, Martin: strongerAccount, Lefebvre: widerScope },
  Lefebvre: { admin: administrator, Martin: strongerAccount, Bernard: allowed },
};

let database: DatabaseHandle;
let app: FastifyInstance;
const tried = { pairs: 0, sessions: 0, projectsChecked: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const uploadsDir = await temporaryUploadsDir();
  await seedEmptyDatabase(database.db, {
    adminEmail: adminCredentials.email,
    adminPassword: adminCredentials.password,
    demoData: true,
    uploadsDir,
  });
  // The demo colleagues await a password-creation link: given one here.
  const passwordHash = await hashPassword(password);
  for (const user of ['Martin', 'Bernard', 'Lefebvre'] as const) {
    await database.db.update(users).set({ passwordHash }).where(eq(users.email, emails[user]));
  }
  app = await buildApp({ database, uploadsDir, logLevel: 'silent' });
  // Seeding the demo data takes its time on a loaded machine.
}, 300_000);
afterAll(async () => {
  console.log(
    `impersonation pairs: ${tried.pairs} tried, ${tried.sessions} sessions opened, ${tried.projectsChecked} projects checked`,
  );
  await app.close();
  await database.close();
});

const logInAs = (user: DemoUser) =>
  logIn(app, { email: emails[user], password: user === 'admin' ? adminCredentials.password : password });

/** The ids and names of the live projects a session reads (the demo has about thirty). */
async function readProjects(who: LoggedIn): Promise<Map<number, string>> {
  const response = await app.inject({
    method: 'GET',
    url: path('api.resource.collection', { resource: 'projet' }),
    query: { parPage: '100' },
    headers: authHeaders(who),
  });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<ResourcePage>();
  expect(page.total).toBeLessThanOrEqual(100);
  return new Map(page.items.map((item: ResourceRecord) => [item.id, String(item.name)]));
}

/** Every ordered pair: the outcome of caller → target, and the projects each opened session reads beyond the caller's. */
async function tryEveryPair(): Promise<{
  outcomes: Record<DemoUser, Partial<Record<DemoUser, Outcome>>>;
  leaks: string[];
}> {
  const outcomes = {} as Record<DemoUser, Partial<Record<DemoUser, Outcome>>>;
  const leaks: string[] = [];
  for (const caller of demoUsers) {
    outcomes[caller] = {};
    const own = await readProjects(await logInAs(caller));
    for (const target of demoUsers.filter((user) => user !== caller)) {
      // A fresh login each time: a "log in as" replaces the caller's session.
      const who = await logInAs(caller);
      const response = await app.inject({
        method: 'POST',
        url: path('api.users.impersonate', { id: (await userId(target))! }),
        headers: authHeaders(who),
      });
      tried.pairs += 1;
      outcomes[caller][target] = response.statusCode === 200 ? allowed : response.json<{ message: string }>().message;
      if (response.statusCode !== 200) continue;
      tried.sessions += 1;
      const cookie = sessionCookieOf(response);
      const session = (
        await app.inject({ method: 'GET', url: path('api.session'), headers: { cookie } })
      ).json<SessionPayload>();
      expect(session.user.email).toBe(emails[target]);
      const reached = await readProjects({ cookie, csrfToken: session.csrfToken, session });
      tried.projectsChecked += reached.size;
      for (const [id, name] of reached) if (!own.has(id)) leaks.push(`${caller} → ${target}: ${name}`);
    }
  }
  return { outcomes, leaks };
}

async function userId(user: DemoUser): Promise<number | undefined> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, emails[user]));
  return row?.id;
}

describe('log in as, between every pair of demo users', () => {
  // Sixteen logins and as many project lists per round.
  it(
    'as shipped: only the administrator logs in as another, and reaches no project beyond their own',
    { timeout: 300_000 },
    async () => {
      const { outcomes, leaks } = await tryEveryPair();
      expect(leaks).toEqual([]);
      expect(outcomes).toEqual(shipped);
    },
  );

  it(
    'with the demo profiles granted it: never as a stronger account or one reading a project the caller cannot',
    { timeout: 300_000 },
    async () => {
      const admin = await logInAs('admin');
      const profiles = await app.inject({
        method: 'GET',
        url: path('api.resource.collection', { resource: 'groupes' }),
        headers: authHeaders(admin),
      });
      for (const name of ['Chargé de mission', 'Conseiller']) {
        const profile = profiles.json<ResourcePage>().items.find((item) => item.name === name)!;
        const saved = await app.inject({
          method: 'PUT',
          url: path('api.resource.item', { resource: 'groupes', id: profile.id }),
          headers: authHeaders(admin),
          payload: { ...profile, permissions: [...(profile.permissions as string[]), 'utilisateurs.impersonate'] },
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const { outcomes, leaks } = await tryEveryPair();
      expect(leaks).toEqual([]);
      expect(outcomes).toEqual(granted);

      // The case: Sophie Lefebvre's confidential project, 404 to Julien Bernard, stays so.
      const julien = await logInAs('Bernard');
      const garage = [...(await readProjects(await logInAs('Lefebvre')))].find(([, name]) => name.includes('Garage'));
      expect(garage?.[1]).toBe('Local commercial – Garage de la Reyssouze');
      const read = () =>
        app.inject({
          method: 'GET',
          url: path('api.resource.item', { resource: 'projet', id: garage![0] }),
          headers: authHeaders(julien),
        });
      expect((await read()).statusCode).toBe(404);
      const impersonation = await app.inject({
        method: 'POST',
        url: path('api.users.impersonate', { id: (await userId('Lefebvre'))! }),
        headers: authHeaders(julien),
      });
      expect(impersonation.statusCode).toBe(403);
      expect((await read()).statusCode).toBe(404);
    },
  );
});
