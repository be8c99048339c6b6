import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement as h, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../../shared/account/account.schema';
import type { ResourcePage, ResourceRecord, ResourceRecordView } from '../../../../shared/resources/resource';
import type { TicketComment, TicketTimeTotals } from '../../../../shared/resources/ticket-record';
import { DialogProvider } from '../../../shell/dialogs.component';
import { CommentsPanel } from './comments.panel';
import { TransitionsList } from './history.panel';
import { LinkedTicketPanel } from './linked-ticket.panel';
import { SubTasksPanel } from './sub-tasks.panel';
import { TimePanel } from './time.panel';
import '../../../i18n';
import { queryKeys } from '../../../query-keys';

const TICKET = 7;
const record = (values: Record<string, unknown>): ResourceRecord => ({
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  createdBy: 1,
  updatedBy: 1,
  ...values,
  id: Number(values.id),
});
const page = (items: ResourceRecord[], titles: ResourcePage['titles'] = {}): ResourcePage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 100,
  titles,
});

/** A panel rendered to HTML from a filled cache, the user (id 2) a non-administrator allowed to change tickets. */
function render(element: ReactElement, fill: (client: QueryClient) => void): string {
  const client = new QueryClient();
  client.setQueryData(queryKeys.session('back_office'), {
    user: {
      id: 2,
      isAdmin: false,
      permissions: ['tickets.consult', 'tickets.modify'],
      serviceId: 1,
      firstName: 'Claire',
      lastName: 'Collègue',
      preferences: {},
    },
    csrfToken: 'jeton',
    impersonator: null,
  } as unknown as SessionPayload);
  fill(client);
  return renderToString(
    h(
      MantineProvider,
      null,
      h(QueryClientProvider, { client }, h(MemoryRouter, null, h(DialogProvider, null, element))),
    ),
  ).replace(/<!-- -->/g, '');
}

describe('the ticket modal’s tabs', () => {
  it('list the sub-tasks as checkboxes, done ones ticked, each with its delete button, then the add form', () => {
    const html = render(h(SubTasksPanel, { ticketId: TICKET, writable: true }), (client) =>
      client.setQueryData(
        queryKeys.ticket.children(TICKET, 'tickets-sous-taches'),
        page([
          record({ id: 1, ticket: TICKET, text: 'Demander trois devis', done: true }),
          record({ id: 2, ticket: TICKET, text: 'Choisir l’installateur', done: false }),
        ]),
      ),
    );
    expect(html).toContain('1 sur 2 faites');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""[^>]*>/);
    expect(html.match(/type="checkbox"/g)).toHaveLength(2);
    expect(html).toContain('Demander trois devis');
    expect(html).toContain('aria-label="Supprimer la sous-tâche « Choisir l’installateur »"');
    expect(html).toContain('aria-label="Ajouter une sous-tâche"');
    expect(html).toContain('Ajouter la sous-tâche');
  });

  it('give the time totals in hours and minutes, by user, and the entries with their date, user and minutes', () => {
    const totals: TicketTimeTotals = {
      estimate: 240,
      spent: 150,
      remaining: 90,
      byUser: [
        { user: 1, name: 'Administrateur Principal', minutes: 120 },
        { user: 2, name: 'Claire Collègue', minutes: 30 },
      ],
    };
    const html = render(h(TimePanel, { ticketId: TICKET, writable: true }), (client) => {
      client.setQueryData(queryKeys.ticket.time(TICKET), totals);
      client.setQueryData(
        queryKeys.ticket.children(TICKET, 'tickets-temps'),
        page(
          [
            record({
              id: 3,
              ticket: TICKET,
              description: 'Visite',
              workedMinutes: 75,
              workedOn: '2026-03-04',
              user: 1,
            }),
            record({ id: 4, ticket: TICKET, description: 'Appel', workedMinutes: 30, workedOn: '2026-03-03', user: 2 }),
          ],
          { user: { '1': 'Administrateur Principal', '2': 'Claire Collègue' } },
        ),
      );
    });
    expect(html).toMatch(/Estimation<\/dt><dd[^>]*>4 h<\/dd>/);
    expect(html).toMatch(/Temps passé<\/dt><dd[^>]*>2 h 30<\/dd>/);
    expect(html).toMatch(/Temps restant<\/dt><dd[^>]*>1 h 30<\/dd>/);
    expect(html).toContain('Administrateur Principal : 2 h');
    expect(html).toContain('Claire Collègue : 30 min');
    const rows = [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map(([, row]) =>
      [...row!.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map(([, cell]) => cell!.replace(/<[^>]+>/g, '')),
    );
    expect(rows).toEqual([
      ['Date', 'Utilisateur', 'Description', 'Temps travaillé (minutes)', 'Actions'],
      ['04/03/2026', 'Administrateur Principal', 'Visite', '1 h 15', ''],
      ['03/03/2026', 'Claire Collègue', 'Appel', '30 min', ''],
    ]);
    expect(html).toContain('aria-label="Saisir un temps"');
  });

  it('show each comment with its author and date, editable by its author only', () => {
    const comments: TicketComment[] = [
      {
        id: 2,
        comment: 'Relance faite.',
        author: 2,
        authorName: 'Claire Collègue',
        createdAt: '2026-03-03T10:00:00.000Z',
        updatedAt: '2026-03-03T10:00:00.000Z',
      },
      {
        id: 1,
        comment: 'Devis demandé.',
        author: 1,
        authorName: 'Administrateur Principal',
        createdAt: '2026-03-02T10:00:00.000Z',
        updatedAt: '2026-03-02T10:00:00.000Z',
      },
    ];
    const html = render(h(CommentsPanel, { ticketId: TICKET, writable: true }), (client) =>
      client.setQueryData(queryKeys.ticket.comments(TICKET), comments),
    );
    expect(html.indexOf('Relance faite.')).toBeLessThan(html.indexOf('Devis demandé.'));
    expect(html).toMatch(/Claire Collègue, le 03\/03\/2026/);
    expect(html).toContain('aria-label="Modifier le commentaire de Claire Collègue"');
    expect(html).not.toContain('Modifier le commentaire de Administrateur Principal');
    expect(html).not.toContain('Supprimer le commentaire de Administrateur Principal');
  });

  it('list the moves on the board and the status changes with their comment and characteristics', () => {
    const html = render(h(TransitionsList, { ticketId: TICKET }), (client) =>
      client.setQueryData(
        queryKeys.ticket.children(TICKET, 'tickets-transitions'),
        page(
          [
            record({
              id: 9,
              ticket: TICKET,
              fromStep: 1,
              toStep: 1,
              fromStatus: 'in_progress',
              toStatus: 'blocked',
              comment: 'En attente du devis',
              characteristics: [],
            }),
            record({
              id: 8,
              ticket: TICKET,
              fromStep: 1,
              toStep: 2,
              fromStatus: 'in_progress',
              toStatus: 'in_progress',
              comment: null,
              characteristics: [{ characteristicName: 'Montant', value: '1200' }],
            }),
          ],
          { fromStep: { '1': 'À faire' }, toStep: { '1': 'À faire', '2': 'En cours' } },
        ),
      ),
    );
    expect(html).toContain('Statut : Travail en cours → Bloqué');
    expect(html).toContain('Commentaire : En attente du devis');
    expect(html).toContain('Étape : À faire → En cours');
    expect(html).toContain('Montant : 1200');
    expect(html.match(/Étape :/g)).toHaveLength(1);
  });

  it('name the linked task and how it blocks, with a button opening it', () => {
    const linked = {
      ...record({ id: TICKET, name: 'Changer la chaudière', linkedTicket: 3, blockingType: 'blocked_by' }),
      titles: { linkedTicket: { '3': 'Commander la chaudière' } },
      createdByName: null,
      updatedByName: null,
    } as ResourceRecordView;
    const html = render(h(LinkedTicketPanel, { record: linked, onOpen: () => undefined }), () => undefined);
    expect(html).toContain('Ce ticket est bloqué par « Commander la chaudière ».');
    expect(html).toContain('aria-label="Ouvrir la tâche liée « Commander la chaudière »"');
  });
});
