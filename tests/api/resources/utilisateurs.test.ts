import { describe, expect, it } from 'vitest';
import { safeIframe } from '../../../src/server/resources/accounts/utilisateurs.server';
import { permissionKey } from '../../../src/shared/permissions';
import type { ResourceRecord } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { authHeaders, useAdminApp } from '../../support/test-app';
import { logInWithProfile } from '../../support/test-users';

const t = useAdminApp();

const user = (values: Record<string, unknown>) => ({
  lastName: 'Martin',
  firstName: 'Camille',
  email: 'camille.martin@exemple.fr',
  ...values,
});
const createUser = (values: Record<string, unknown>, who = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource: 'utilisateurs' }),
    headers: authHeaders(who),
    payload: user(values),
  });

describe('users (utilisateurs)', () => {
  it('never shows what only the user sees: password hash, preferences, language', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: path('api.resource.collection', { resource: 'utilisateurs' }),
      headers: authHeaders(t.admin),
    });
    const shown = await t.app.inject({
      method: 'GET',
      url: path('api.resource.item', { resource: 'utilisateurs', id: t.admin.session.user.id }),
      headers: authHeaders(t.admin),
    });
    for (const body of [list.body, shown.body]) {
      expect(body).toContain('admin@exemple.fr');
      expect(body).not.toMatch(/passwordHash|argon2|preferences|"locale"/);
    }
  });

  it('keeps one account per email, case ignored', async () => {
    expect((await createUser({ email: 'sophie.lefebvre@exemple.fr' })).statusCode).toBe(201);
    const twice = await createUser({ email: 'Sophie.Lefebvre@Exemple.fr' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors).toEqual({ email: "Désolé, mais l'email saisi est déjà utilisé" });
  });

  it('keeps a dashboard iframe only from an allowed https host, rewritten sandboxed; refuses anything else', async () => {
    const kept = await createUser({
      email: 'tableau@exemple.fr',
      dashboardIframes: [
        {
          tabTitle: 'Indicateurs',
          iframeCode: '<iframe src="https://datawrapper.dwcdn.net/aBc12/3/" width="600"></iframe>',
        },
      ],
    });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json<ResourceRecord>().dashboardIframes).toEqual([
      {
        tabTitle: 'Indicateurs',
        iframeCode:
          '<iframe src="https://datawrapper.dwcdn.net/aBc12/3/" sandbox="allow-scripts allow-same-origin" referrerpolicy="no-referrer" loading="lazy"></iframe>',
      },
    ]);
    for (const iframeCode of [
      '<iframe src="http://datawrapper.dwcdn.net/x/"></iframe>',
      '<iframe src="https://evil.example/x"></iframe>',
      '<iframe src="https://datawrapper.dwcdn.net/x/"></iframe><script>alert(1)</script>',
      '<script src="https://datawrapper.dwcdn.net/x.js"></script>',
      'https://datawrapper.dwcdn.net/x/',
    ]) {
      const refused = await createUser({
        email: `refuse-${iframeCode.length}@exemple.fr`,
        dashboardIframes: [{ tabTitle: 'Onglet', iframeCode }],
      });
      expect(refused.statusCode, iframeCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual({
        'dashboardIframes.0.iframeCode':
          "Seul un élément <iframe> est accepté, dont l'adresse https est sur un site autorisé dans la configuration.",
      });
    }
    expect(
      safeIframe('<IFRAME SRC="https://www.data.gouv.fr/fr/datasets/r/1"></IFRAME>', ['www.data.gouv.fr']),
    ).toContain('sandbox=');
  });

  it('lets only an administrator make an administrator', async () => {
    const manager = await logInWithProfile(t, {
      email: 'gestionnaire@exemple.fr',
      permissions: [permissionKey('utilisateurs', 'add'), permissionKey('utilisateurs', 'modify')],
    });
    const promoted = await createUser({ email: 'promu@exemple.fr', isAdmin: true }, manager);
    expect(promoted.statusCode).toBe(400);
    expect(promoted.json().fieldErrors).toEqual({ isAdmin: 'Seul un administrateur peut donner ou retirer ce rôle.' });
    expect((await createUser({ email: 'simple@exemple.fr', isAdmin: false }, manager)).statusCode).toBe(201);
    expect((await createUser({ email: 'admin2@exemple.fr', isAdmin: true })).statusCode).toBe(201);
  });

  it('finds users approximately: accents and a typo tolerated (find-approximately)', async () => {
    await createUser({ email: 'helene.lefevre@exemple.fr', firstName: 'Hélène', lastName: 'Lefèvre' });
    const found = await t.app.inject({
      method: 'GET',
      url: path('api.users.find_approximately', { term: 'helene lefevr' }),
      headers: authHeaders(t.admin),
    });
    expect(found.json()[0]).toMatchObject({ label: 'Lefèvre Hélène', email: 'helene.lefevre@exemple.fr' });
  });

  it('fills the form from a service: its missions to follow (get-form-values-from-service)', async () => {
    const post = (resource: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: path('api.resource.collection', { resource }),
        headers: authHeaders(t.admin),
        payload,
      });
    const service = (await post('service', { name: 'Service habitat' })).json<ResourceRecord>();
    const mission = (
      await post('missions', { name: 'Conseil aux particuliers', service: service.id })
    ).json<ResourceRecord>();
    await post('missions', { name: 'Autre mission' });
    const values = await t.app.inject({
      method: 'GET',
      url: path('api.users.form_values_from_service', { service: service.id }),
      headers: authHeaders(t.admin),
    });
    expect(values.json()).toEqual({ serviceId: service.id, followedMissions: [mission.id], locked: [] });
  });

  it("locks the missions to the service's when the service disables its linked fields, in the form and on save", async () => {
    const post = (resource: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: path('api.resource.collection', { resource }),
        headers: authHeaders(t.admin),
        payload,
      });
    const service = (
      await post('service', { name: 'Service énergie-climat', disableLinkedFields: true })
    ).json<ResourceRecord>();
    const mission = (await post('missions', { name: 'Copropriétés', service: service.id })).json<ResourceRecord>();
    const other = (await post('missions', { name: 'Petit tertiaire' })).json<ResourceRecord>();
    const values = await t.app.inject({
      method: 'GET',
      url: path('api.users.form_values_from_service', { service: service.id }),
      headers: authHeaders(t.admin),
    });
    expect(values.json()).toEqual({
      serviceId: service.id,
      followedMissions: [mission.id],
      locked: ['followedMissions'],
    });
    // Whatever the form sends, the user follows the service's missions.
    const user = await post('utilisateurs', {
      email: 'agent.verrou@exemple.fr',
      firstName: 'Léa',
      lastName: 'Verrou',
      serviceId: service.id,
      followedMissions: [other.id],
    });
    expect(user.statusCode, user.body).toBe(201);
    expect(user.json<ResourceRecord>().followedMissions).toEqual([mission.id]);
  });
});
