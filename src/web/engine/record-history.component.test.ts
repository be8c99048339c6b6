import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AuditPage } from '../../shared/resources/audit';
import { projects } from '../../shared/resources/projet.resource';
import type { ResourceRecordView } from '../../shared/resources/resource';
import { RecordHistory } from './record-history.component';
import '../i18n';
import { queryKeys } from '../query-keys';

const record = {
  id: 5,
  name: 'Rénovation Martin',
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  createdByName: null,
  updatedByName: null,
  titles: {},
} as unknown as ResourceRecordView;

describe('the history of an audited record', () => {
  it('shows a change the declaration does not hold by its label, its values as text', () => {
    const client = new QueryClient();
    const history: AuditPage = {
      entries: [
        {
          id: 1,
          action: 'update',
          actorName: 'Ada Admin',
          createdAt: '2026-03-02T09:00:00.000Z',
          changes: [
            { field: 'characteristics.4', label: 'Chauffage', before: 'Gaz', after: 'Bois' },
            { field: 'characteristics.6', label: 'Surface', before: null, after: '120 m²' },
            { field: 'name', before: 'Rénovation', after: 'Rénovation Martin' },
            {
              field: 'coporteurs-projet',
              before: 'Martin Paul – Syndic',
              after: 'Martin Paul – Syndic',
              fields: ['comments'],
            },
            { field: 'partenaires-projet', before: null, after: 'Atelier Vert – Bureau d’études' },
          ],
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
      titles: {},
    };
    // Page 1, every kind.
    client.setQueryData(queryKeys.resource.history('projet', 5, 1, null), history);
    const html = renderToString(
      h(MantineProvider, null, h(QueryClientProvider, { client }, h(RecordHistory, { definition: projects, record }))),
    ).replace(/<!-- -->/g, '');
    expect(html).toContain('Chauffage : Gaz → Bois');
    expect(html).toContain('Surface : — → 120 m²');
    // The declared fields keep theirs.
    expect(html).toContain('Intitulé : Rénovation → Rénovation Martin');
    // Child records: changed (the fields that changed), added; and the select of kinds, labelled.
    expect(html).toContain('Co-porteur : Martin Paul – Syndic (modifié) — Commentaires');
    expect(html).toContain('Partenaire : — → Atelier Vert – Bureau d’études');
    expect(html).toContain('Type de modification');
  });
});
