import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/auth/passwords';
import type { DatabaseHandle } from '../../src/server/db/database';
import { users } from '../../src/server/db/schema';
import { seedEmptyDatabase } from '../../src/server/seed/seed';
import type { ResourcePage, ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { adminCredentials, authHeaders, logIn, type LoggedIn } from '../support/test-app';
import { openTestDatabase, temporaryUploadsDir } from '../support/test-database';

/**
 * The demo's access profiles (issue 26): each job's rights as shipped. The demo adviser records their
 * day (an advice act, a ticket, its comment, sub-task and time); only the administrators' profile
 * may log in as another user; a ticket attributed to an adviser in a confidential project they may
 * not read says so.
 */
const password = 'Mot-de-passe-de-test-2026';
const emails = {
  Martin: 'camille.martin@exemple.fr',
  Bernard: 'julien.bernard@exemple.fr',
  Lefebvre: 'sophie.lefebvre@exemple.fr',
  Girard: 'thomas.girard@exemple.fr',
};
const noPermission = "Vous n'avez pas les droits nécessaires pour cette action.";

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const uploadsDir = await temporaryUploadsDir();
  await seedEmptyDatabase(database.db, {
    adminEmail: adminCredentials.email,
    adminPassword: adminCredentials.password,
    demoData: true,
    uploadsDir,
  });
  // The demo colleagues await a password-creation link: given a password here.
  const passwordHash = await hashPassword(password);
  for (const email of Object.values(emails)) {
    await database.db.update(users).set({ passwordHash }).where(eq(users.email, email));
  }
  app = await buildApp({ database, uploadsDir, logLevel: 'silent' });
  // Seeding the demo data takes its time on a loaded machine.
}, 300_000);
afterAll(async () => {
  await app.close();
  await database.close();
});

const logInAs = (user: keyof typeof emails) => logIn(app, { email: emails[user], password });

const send = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers: authHeaders(who), payload });

async function userId(email: string): Promise<number> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** The first project the user reads whose name holds these words. */
async function projectNamed(who: LoggedIn, words: string): Promise<ResourceRecord> {
  const response = await send(who, 'GET', path('api.resource.collection', { resource: 'projet', q: words }));
  expect(response.statusCode, response.body).toBe(200);
  const [project] = response.json<ResourcePage>().items;
  expect(String(project?.name)).toContain(words);
  return project!;
}

describe('the demo access profiles', () => {
  it('are the four jobs; only the administrator profile may log in as another user or manage accounts', async () => {
    const admin = await logIn(app);
    const response = await send(admin, 'GET', path('api.resource.collection', { resource: 'groupes' }));
    const profiles = response.json<ResourcePage>().items;
    expect(profiles.map(({ name }) => name).sort()).toEqual([
      'Administrateur',
      'Chargé de mission',
      'Conseiller',
      'Partenaire externe',
    ]);
    const holding = (permission: string) =>
      profiles.filter((profile) => (profile.permissions as string[]).includes(permission)).map(({ name }) => name);
    expect(holding('utilisateurs.impersonate')).toEqual(['Administrateur']);
    // Accounts and profiles are the administrators' own to change.
    expect(holding('utilisateurs.modify').sort()).toEqual(['Administrateur']);
    expect(holding('groupes.modify').sort()).toEqual(['Administrateur']);
    expect(holding('historique-connexions.consult')).toEqual(['Administrateur']);
    // The adviser's day: an act, a ticket and all a ticket holds.
    for (const permission of [
      'commentaires-projet.add',
      'tickets.add',
      'tickets.modify',
      'tickets-commentaires.add',
      'tickets-sous-taches.add',
      'tickets-temps.add',
      'projet.modify',
    ]) {
      expect(holding(permission).sort(), permission).toEqual(['Administrateur', 'Chargé de mission', 'Conseiller']);
    }
    // The external partner reads, and writes nothing.
    const partner = profiles.find(({ name }) => name === 'Partenaire externe')!;
    expect((partner.permissions as string[]).sort()).toEqual([
      'fichier-type.consult',
      'liens-utiles.consult',
      'piece-jointe.consult',
      'projet.consult',
    ]);
  });

  it('lets the demo adviser record an advice act, a ticket, its comment, sub-task and time', async () => {
    const julien = await logInAs('Bernard');
    // A household of the advice mission, which opens all its projects to the advisers.
    const project = await projectNamed(julien, 'Rénovation globale');
    const under = (resource: string, id: number, child: string) =>
      path('api.resource.children', { resource, id, child });

    const act = await send(julien, 'POST', under('projet', project.id, 'commentaires-projet'), {
      subject: 'Conseil téléphonique',
      actDate: '2026-11-20',
      adviser: julien.session.user.id,
      actType: 'A01',
    });
    expect(act.statusCode, act.body).toBe(201);
    expect(act.json<ResourceRecord>().subject).toBe('Conseil téléphonique');

    const ticket = await send(julien, 'POST', under('projet', project.id, 'tickets'), {
      name: 'Relancer le propriétaire',
      attributions: [julien.session.user.id],
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const ticketId = ticket.json<ResourceRecord>().id;

    for (const [child, values] of [
      ['tickets-commentaires', { comment: 'Devis reçu, à comparer.' }],
      ['tickets-sous-taches', { text: 'Envoyer la liste des aides' }],
      ['tickets-temps', { description: 'Appel au propriétaire', workedMinutes: 30, workedOn: '2026-11-20' }],
    ] as const) {
      const saved = await send(julien, 'POST', under('tickets', ticketId, child), values);
      expect(saved.statusCode, `${child}: ${saved.body}`).toBe(201);
    }
    // The ticket he moved on: a change of its own.
    const renamed = await send(julien, 'PUT', path('api.resource.item', { resource: 'tickets', id: ticketId }), {
      ...ticket.json<ResourceRecord>(),
      name: 'Relancer le propriétaire (devis)',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('lets no demo colleague log in as another, and the administrator as any', async () => {
    for (const [caller, target] of [
      ['Martin', 'Bernard'],
      ['Bernard', 'Lefebvre'],
      ['Lefebvre', 'Bernard'],
    ] as const) {
      const who = await logInAs(caller);
      const response = await send(who, 'POST', path('api.users.impersonate', { id: await userId(emails[target]) }));
      expect(response.statusCode, `${caller} → ${target}`).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(noPermission);
    }
    // The external partner does not even reach the back office.
    const partner = await app.inject({
      method: 'POST',
      url: path('api.login'),
      payload: { email: emails.Girard, password },
    });
    expect(partner.statusCode).not.toBe(200);

    const admin = await logIn(app);
    const response = await send(admin, 'POST', path('api.users.impersonate', { id: await userId(emails.Bernard) }));
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a ticket attributed to an adviser in a confidential project they may not read', () => {
  it('tells its assignee the project is confidential, and anyone else that it does not exist', async () => {
    const admin = await logIn(app);
    const garage = await projectNamed(admin, 'Local commercial – Garage de la Reyssouze');
    expect(garage.status).toBe('confidential');
    const julienId = await userId(emails.Bernard);
    const created = await send(
      admin,
      'POST',
      path('api.resource.children', { resource: 'projet', id: garage.id, child: 'tickets' }),
      { name: 'Chiffrer la pompe à chaleur', attributions: [julienId] },
    );
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json<ResourceRecord>();
    const item = path('api.resource.item', { resource: 'tickets', id: ticket.id });

    const julien = await logInAs('Bernard');
    const assignee = await send(julien, 'GET', item);
    expect(assignee.statusCode).toBe(403);
    expect(assignee.json<{ message: string }>().message).toBe(
      'Ce ticket vous est attribué, mais il appartient à un projet confidentiel que vous ne pouvez pas consulter.',
    );
    // Nothing of the ticket or its project in the answer.
    expect(assignee.body).not.toContain('Chiffrer');
    expect(assignee.body).not.toContain('Garage');

    // Not attributed to her: as if it did not exist, as before.
    const camille = await logInAs('Martin');
    const other = await send(camille, 'GET', item);
    expect(other.statusCode).toBe(404);
    expect(other.json<{ message: string }>().message).toBe("L'élément demandé n'existe pas ou a été supprimé.");

    // Its referent reads it.
    const sophie = await logInAs('Lefebvre');
    expect((await send(sophie, 'GET', item)).statusCode).toBe(200);

    // Attributed no more: not found for him either.
    const cleared = await send(admin, 'PUT', item, { ...ticket, attributions: [] });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await send(julien, 'GET', item)).statusCode).toBe(404);
  });
});
