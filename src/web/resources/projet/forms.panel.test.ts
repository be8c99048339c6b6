import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement as h, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CharacteristicField, HeaderCharacteristic, ProjectForm } from '../../../shared/project-characteristics';
import { ProjectFormsPanel } from './forms.panel';
import { ProjectHighlights } from './highlights.component';
import '../../i18n';
import { queryKeys } from '../../query-keys';

const base: Omit<CharacteristicField, 'id' | 'name' | 'type'> = {
  autocomplete: false,
  options: [],
  states: [],
  thousandsSeparator: false,
  unit: null,
  firstMonth: null,
  lastMonth: null,
  iframeUrl: null,
  highlightColor: null,
  bold: false,
  fontSize: 21,
};
const fieldOf = (
  id: number,
  name: string,
  type: CharacteristicField['type'],
  more: Partial<CharacteristicField> = {},
) => ({ ...base, id, name, type, ...more }) as CharacteristicField;

const housing: ProjectForm = {
  id: 3,
  name: 'Logement',
  columns: 3,
  fields: [
    fieldOf(1, 'Le logement', 'title'),
    fieldOf(2, 'Surface', 'number', { thousandsSeparator: true, unit: 'm²' }),
    fieldOf(3, 'Chauffage', 'select', { options: [{ label: 'Gaz', value: 'gaz' }] }),
    fieldOf(4, 'Audit réalisé', 'checkbox'),
    fieldOf(5, 'Tableau de bord', 'iframe', { iframeUrl: 'https://www.data.gouv.fr/fr/reuses/exemple/' }),
    fieldOf(6, 'Site inconnu', 'iframe'),
    fieldOf(7, 'Syndic', 'structure'),
    fieldOf(8, 'État du dossier', 'form_state', { states: [{ name: 'En cours', color: '#f08c00' }] }),
  ],
  values: { 2: 1250, 3: 'gaz', 7: 12, 8: 'En cours' },
  titles: { 7: 'Mairie de Lyon' },
  progress: { filled: 3, total: 4, state: { name: 'En cours', color: '#f08c00' } },
};

/** A component rendered to HTML from a cache holding the project's replies. */
function render(element: ReactElement, fill: (client: QueryClient) => void): string {
  const client = new QueryClient();
  fill(client);
  // Apostrophes as people read them.
  return renderToString(h(MantineProvider, null, h(QueryClientProvider, { client }, element))).replace(/&#x27;/g, "'");
}

describe('ProjectFormsPanel', () => {
  it('shows each form with its inputs by type, its progress, its state and its save button', () => {
    const html = render(h(ProjectFormsPanel, { projectId: 7 }), (client) =>
      client.setQueryData(queryKeys.project.forms(7), [housing]),
    );
    expect(html).toContain('Logement</h2>');
    expect(html).toContain('Le logement</h3>');
    expect(html).toContain('3 champ(s) renseigné(s) sur 4');
    expect(html).toContain('aria-label="Avancement de « Logement »"');
    expect(html).toContain('État : En cours');
    expect(html).toMatch(/<label[^>]*>Surface<\/label>/);
    expect(html).toContain('value="1 250"');
    expect(html).toContain('m²');
    expect(html).toMatch(/<label[^>]*>Audit réalisé<\/label>/);
    // The structure chosen (its title shows once the browser has run the input's effects).
    expect(html).toMatch(/<label[^>]*>Syndic<\/label>/);
    expect(html).toContain('<input type="hidden" value="12"/>');
    expect(html).toContain('value="En cours"');
    // An allowed iframe, sandboxed; another one says why it is not shown.
    expect(html).toMatch(
      /<iframe title="Tableau de bord" src="https:\/\/www.data.gouv.fr\/fr\/reuses\/exemple\/" sandbox=/,
    );
    expect(html).toContain("Cette page ne peut pas être affichée : son site n'est pas autorisé dans la configuration.");
    expect(html).toContain('Enregistrer « Logement »');
  });

  it('says when no form applies to the project', () => {
    const html = render(h(ProjectFormsPanel, { projectId: 8 }), (client) =>
      client.setQueryData(queryKeys.project.forms(8), []),
    );
    expect(html).toContain("Aucun formulaire ne s'applique à ce projet.");
  });
});

describe('ProjectHighlights', () => {
  it('shows the filled-in highlighted characteristics in their colour, weight and size', () => {
    const highlights: HeaderCharacteristic[] = [
      { field: 2, name: 'Surface', value: '1 250 m²', color: '#e03131', bold: true, fontSize: 21 },
      { field: 3, name: 'Chauffage', value: '', color: '#1971c2', bold: false, fontSize: 16 },
    ];
    const html = render(h(ProjectHighlights, { projectId: 7 }), (client) =>
      client.setQueryData(queryKeys.project.highlights(7), highlights),
    );
    expect(html).toContain('aria-label="Caractéristiques principales"');
    expect(html).toMatch(/<dt[^>]*>Surface<\/dt>/);
    expect(html).toMatch(/<dd[^>]*style="[^"]*color:#e03131;font-size:21px;font-weight:700[^"]*"[^>]*>1 250 m²<\/dd>/);
    expect(html).not.toContain('Chauffage');
  });
});
