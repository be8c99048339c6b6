import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../shared/account/account.schema';
import { usefulLinks } from '../../shared/resources/liens-utiles.resource';
import type { ResourcePage } from '../../shared/resources/resource';
import { DialogProvider } from '../shell/dialogs.component';
import { useListContext } from './list/list-context.hook';
import { ResourceListScreen } from './resource-list.screen';
import { WebModulesContext, type WebModule } from './web-module';
import '../i18n';
import { queryKeys } from '../query-keys';

const page: ResourcePage = {
  items: [
    {
      id: 1,
      name: 'Site de l’ADEME',
      url: 'https://www.ademe.fr',
      createdAt: '',
      updatedAt: '',
      createdBy: null,
      updatedBy: null,
    },
    {
      id: 2,
      name: 'France Rénov’',
      url: 'https://france-renov.gouv.fr',
      createdAt: '',
      updatedAt: '',
      createdBy: null,
      updatedBy: null,
    },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
  titles: {},
};

/** A list body as a kanban board would be one: it reads the list's records and selection from the context. */
function CardsBody() {
  const { items, selection, batchActions } = useListContext();
  return h(
    'ul',
    { 'aria-label': 'Cartes' },
    items.map((record) =>
      h(
        'li',
        { key: record.id },
        `Carte ${String(record.name)} (${selection.enabled(record.id) ? 'sélectionnable' : 'figée'}, ${batchActions.join('+')})`,
      ),
    ),
  );
}

/** The list screen of the useful links, rendered to HTML from a filled cache, with these web modules. */
function renderList(modules: Record<string, WebModule>): string {
  const client = new QueryClient();
  client.setQueryData(queryKeys.session('back_office'), {
    user: { id: 1, isAdmin: true, permissions: [], serviceId: 1, firstName: 'Ada', lastName: 'Admin', preferences: {} },
    csrfToken: 'jeton',
    impersonator: null,
  } as unknown as SessionPayload);
  client.setQueryData(queryKeys.resource.list('liens-utiles', '/api/liens-utiles'), page);
  const wrap = (children: ReactNode) =>
    h(
      MantineProvider,
      null,
      h(
        QueryClientProvider,
        { client },
        h(WebModulesContext.Provider, { value: modules }, h(MemoryRouter, null, h(DialogProvider, null, children))),
      ),
    );
  return renderToString(wrap(h(ResourceListScreen, { definition: usefulLinks })));
}

describe('a list body from a web module', () => {
  it('replaces the table and keeps the toolbar, the selection and the batch bar', () => {
    const html = renderList({ 'liens-utiles': { ListBody: CardsBody } });
    expect(html).toContain('aria-label="Cartes"');
    expect(html).toContain('Carte Site de l’ADEME (sélectionnable, delete)');
    expect(html).toContain('Carte France Rénov’ (sélectionnable, delete)');
    expect(html).not.toContain('<table');
    // What surrounds the body stays: the add link, the count, the batch action.
    expect(html).toContain('Ajouter un lien utile');
    expect(html).toContain('2 éléments');
    expect(html).toContain('Action groupée');
  });

  it('leaves the table to a resource without a module', () => {
    const html = renderList({ individus: { ListBody: CardsBody } });
    expect(html).toContain('<table');
    expect(html).not.toContain('Cartes');
    expect(html).toContain('Voir « Site de l’ADEME »');
  });
});
