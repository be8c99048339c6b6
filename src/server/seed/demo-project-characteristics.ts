import { sql } from 'drizzle-orm';
import type { CharacteristicField, CharacteristicValue } from '../../shared/project-characteristics';
import { projects as projectsResource } from '../../shared/resources/projet.resource';
import { individualsTable, projectsTable, structuresTable } from '../db/schema';
import { rowsOf } from '../db/database';
import { liveRows } from '../engine/record-scope';
import { projectForms, writeCharacteristics } from '../resources/projet/project-characteristics';
import type { SeedOperations } from './seed-operations';

/** Texts the demo's text fields take in turn, by field name. */
const texts: Record<string, string[]> = {
  'Entreprise de travaux envisagée': ['Isolation Bressane', 'Chauffage Ain Services', 'Menuiseries du Revermont'],
  'Conseiller référent': ['Claire Martin', 'Paul Bernard', 'Sophie Lefebvre'],
  Observations: [
    'Combles perdus non isolés, fenêtres simple vitrage côté nord.',
    'Chaudière fioul de 1998 à remplacer ; le ménage vise une pompe à chaleur.',
    'Copropriété de 24 lots, audit énergétique voté en assemblée générale.',
  ],
};
/** Numbers by field name: a base and a step, so each project gets its own. */
const numbers: Record<string, [number, number, number]> = {
  'Surface habitable': [65, 13, 120],
  'Année de construction': [1930, 7, 90],
  'Consommation annuelle': [8_000, 1_370, 22_000],
};

/** The demo value of a field for the n-th project, or null to leave it empty (some forms stay incomplete). */
function demoValue(field: CharacteristicField, n: number, ids: { individuals: number[]; structures: number[] }) {
  const pick = <T>(list: T[]): T | null => (list.length > 0 ? list[(n + field.id) % list.length]! : null);
  if ((n + field.id) % 5 === 4) return null;
  switch (field.type) {
    case 'number': {
      const [base, step, span] = numbers[field.name] ?? [10, 3, 50];
      return base + ((n * step) % span);
    }
    case 'date':
      return `2026-${String((n % 9) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`;
    case 'month_year':
      return `2026-${String((n % 12) + 1).padStart(2, '0')}`;
    case 'select':
      return pick(field.options)?.value ?? null;
    case 'multiselect':
      return field.options.filter((_option, index) => (n + index) % 2 === 0).map((option) => option.value);
    case 'checkbox':
      return n % 2 === 0;
    case 'form_state':
      return pick(field.states)?.name ?? null;
    case 'individual':
      return pick(ids.individuals);
    case 'structure':
      return pick(ids.structures);
    case 'text':
    case 'textarea':
      return pick(texts[field.name] ?? [field.name]);
    default:
      return null;
  }
}

/**
 * The demo projects' characteristics: each fills in the forms its types and theme call for, through
 * the same checks and writes as the project page, its history written by the operations' patch, as
 * the server.
 */
export async function seedProjectCharacteristics({ operations, context: seedContext }: SeedOperations): Promise<void> {
  const { db, store } = operations.services;
  const context = { ...seedContext, db, store };
  const live = async (table: typeof projectsTable) =>
    (await rowsOf<{ id: number }>(db, sql`select id from ${liveRows(table)} t order by id`)).map((row) => ({
      id: Number(row.id),
    }));
  const [projects, individuals, structures] = await Promise.all([
    live(projectsTable),
    live(individualsTable),
    live(structuresTable),
  ]);
  const ids = { individuals: individuals.map(({ id }) => id), structures: structures.map(({ id }) => id) };
  for (const [n, { id }] of projects.entries()) {
    const forms = await projectForms(context, id);
    const values = Object.fromEntries(
      forms.map((form) => [
        form.id,
        Object.fromEntries(
          form.fields.flatMap((field): [number, CharacteristicValue][] => {
            const value = demoValue(field, n, ids);
            return value === null ? [] : [[field.id, value]];
          }),
        ),
      ]),
    );
    if (forms.length === 0) continue;
    const labelled = await writeCharacteristics(context, id, values);
    await operations.patch(projectsResource, [{ id, values: {}, labelled }], seedContext);
  }
}
