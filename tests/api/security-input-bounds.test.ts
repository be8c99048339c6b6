import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/database';
import type { ResourcePage } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp } from '../support/test-app';

/**
 * Input the database cannot hold, refused with the field's French error rather than a 500: dates
 * outside the years 1900 to 2999 (PostgreSQL refuses year 0), a task template's due delay beyond
 * ten years, a lone surrogate (half of a UTF-16 pair) anywhere in a request.
 */
const t = useAdminApp();
const api = () => resourceRequests(t.app, t.admin);
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(t.admin) });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: authHeaders(t.admin), payload });
const collection = (resource: string) => path('api.resource.collection', { resource });
/** How many live records of the resource have this name. */
const named = async (resource: string, name: string) =>
  (await get(`${collection(resource)}?q=${encodeURIComponent(name)}`)).json<ResourcePage>().total;

const FORM_ERROR = 'Une erreur est survenue. Veuillez vérifier les informations saisies.';
const DATE_ERROR = "La date n'est pas valide.";
const DATETIME_ERROR = "La date n'est pas valide : saisissez-la sous la forme jj/mm/aaaa - hh:mm.";
const DUE_IN_ERROR = 'Indiquez une échéance entre 0 et 10 ans : au plus 3650 jours, 521 semaines ou 120 mois.';
const CHARACTER_ERROR = 'Le texte envoyé contient un caractère non autorisé.';

const ids = {} as Record<'project' | 'form' | 'text' | 'date', number>;

beforeAll(async () => {
  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  const projectType = await created('types-projet', { name: 'Maison individuelle' });
  const mission = await created('missions', { name: 'Conseil aux particuliers' });
  ids.text = await created('champs-de-formulaire', { name: 'Adresse du chantier', type: 'text' });
  ids.date = await created('champs-de-formulaire', { name: 'Date de visite', type: 'date' });
  ids.form = await created('formulaires', {
    name: 'Logement',
    projectTypes: [projectType],
    fields: [ids.text, ids.date],
  });
  ids.project = await created('projet', {
    name: 'Rénovation Martin',
    missions: [{ mission, projectType }],
  });
});

describe('a date outside the years 1900 to 2999', () => {
  it('is refused in a date, datetime or month field with the date error, and nothing is stored', async () => {
    for (const creationDate of ['0000-01-01', '1899-12-31', '3000-01-01']) {
      const response = await api().post('projet', { name: 'Projet hors du temps', creationDate });
      expect(response.statusCode, creationDate).toBe(400);
      expect(response.json()).toMatchObject({ message: FORM_ERROR, fieldErrors: { creationDate: DATE_ERROR } });
    }
    const meeting = await api().post('tickets', {
      name: 'Réunion hors du temps',
      project: ids.project,
      meetingAt: '0000-01-01T00:00:00Z',
    });
    expect(meeting.statusCode).toBe(400);
    expect(meeting.json()).toMatchObject({ fieldErrors: { meetingAt: DATETIME_ERROR } });
    const month = await api().post('champs-de-formulaire', { name: 'Mois hors du temps', firstMonth: '0000-01' });
    expect(month.statusCode).toBe(400);
    expect(month.json()).toMatchObject({ fieldErrors: { firstMonth: DATE_ERROR } });
    expect(await named('projet', 'Projet hors du temps')).toBe(0);
    expect(await named('tickets', 'Réunion hors du temps')).toBe(0);
    expect(await named('champs-de-formulaire', 'Mois hors du temps')).toBe(0);
  });

  it('is accepted up to the first and the last day of the range', async () => {
    for (const creationDate of ['1900-01-01', '2999-12-31']) {
      const created = await api().created('projet', { name: `Projet du ${creationDate}`, creationDate });
      expect(created.creationDate).toBe(creationDate);
    }
  });

  it('is refused as a list filter or a date range bound', async () => {
    for (const query of ['deadline=0000-01-01', 'deadlineDu=0000-01-01', 'deadlineAu=3000-01-01']) {
      const response = await get(`${collection('tickets')}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fieldErrors).toEqual({ [query.split('=')[0]!]: DATE_ERROR });
    }
  });

  it("is refused by the board's and the SARE export's own query parameters", async () => {
    const board = await get(`${path('api.tickets.board')}?echeanceDu=0000-01-01`);
    expect(board.statusCode).toBe(400);
    expect(board.json().fieldErrors).toEqual({ echeanceDu: DATE_ERROR });
    const sare = await get(`${path('api.project_comments.sare_export')}?du=0000-01-01`);
    expect(sare.statusCode).toBe(400);
    expect(sare.json().fieldErrors).toEqual({ du: DATE_ERROR });
  });

  it("is refused in a project's date characteristic", async () => {
    const response = await post(path('api.projects.characteristics', { projet: ids.project, form: ids.form }), {
      values: { [ids.date]: '0000-01-01' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ [ids.date]: DATE_ERROR });
  });
});

describe("a task template's due delay", () => {
  it('is bounded to ten years in its unit, from today: beyond is refused and nothing is stored', async () => {
    const response = await api().post('template-tache', {
      name: 'Modèle sans fin',
      tasks: [
        { taskName: 'Dans dix ans', dueIn: 3650, dueUnit: 'days' },
        { taskName: 'Dans dix ans en semaines', dueIn: 521, dueUnit: 'weeks' },
        { taskName: 'Dans dix ans en mois', dueIn: 120, dueUnit: 'months' },
        { taskName: 'Trop loin', dueIn: 121, dueUnit: 'months' },
        { taskName: 'Bien trop loin', dueIn: 2_000_000_000, dueUnit: 'months' },
        { taskName: 'Hier', dueIn: -1, dueUnit: 'days' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      'tasks.3.dueIn': DUE_IN_ERROR,
      'tasks.4.dueIn': DUE_IN_ERROR,
      'tasks.5.dueIn': DUE_IN_ERROR,
    });
    expect(await named('template-tache', 'Modèle sans fin')).toBe(0);
  });

  it('refuses to apply a template kept from before the bound, creating no ticket', async () => {
    const tasks = [{ taskName: 'Un jour', taskType: null, dueIn: 2_000_000_000, dueUnit: 'months' }];
    const [kept] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`insert into task_templates (name, tasks) values ('Modèle ancien', ${JSON.stringify(tasks)}::jsonb) returning id`,
    );
    const response = await post(path('api.task_templates.apply', { id: kept!.id, projet: ids.project }), {});
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ 'tasks.0.dueIn': DUE_IN_ERROR });
    expect(await named('tickets', 'Un jour')).toBe(0);
  });
});

describe('a lone surrogate', () => {
  it("is refused with a 400 in a project's characteristic, and nothing is stored", async () => {
    const url = path('api.projects.characteristics', { projet: ids.project, form: ids.form });
    const response = await post(url, { values: { [ids.text]: 'Rue \uD800 de la Paix' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CHARACTER_ERROR);
    expect((await get(url)).json().values).toEqual({});
  });

  it("is refused in any body, a record's rows included", async () => {
    const response = await api().post('template-tache', {
      name: 'Modèle illisible',
      tasks: [{ taskName: 'Visite \uDC00', dueIn: 3, dueUnit: 'days' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CHARACTER_ERROR);
    expect(await named('template-tache', 'Modèle illisible')).toBe(0);
  });
});

describe('a megabyte string', () => {
  const megabyte = 'a'.repeat(1_000_000);
  const TOO_LONG = 'Ce champ est trop long.';

  it('is refused with a 400 by the login and the forgotten-password form', async () => {
    for (const url of [path('api.login'), path('api.password_reset.request')]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: `${megabyte}@exemple.fr`, password: 'Un-mot-de-passe' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fieldErrors, url).toEqual({ email: TOO_LONG });
    }
  });

  it('is refused in an email or a url field, and nothing is stored', async () => {
    for (const [name, value] of [
      ['email', `${megabyte}@exemple.fr`],
      ['website', `https://exemple.fr/${megabyte}`],
    ]) {
      const response = await api().post('structures', { name: 'Structure démesurée', [name!]: value });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().fieldErrors).toEqual({ [name!]: TOO_LONG });
    }
    expect(await named('structures', 'Structure démesurée')).toBe(0);
  });
});
