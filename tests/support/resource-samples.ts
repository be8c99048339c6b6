import type { FastifyInstance } from 'fastify';
import { path } from '../../src/shared/routes';
import { authHeaders, type LoggedIn } from './test-app';
import { isReference } from '../../src/shared/resources/field-kinds';
import type { FieldDef } from '../../src/shared/resources/fields';
import type { TextFormat } from '../../src/shared/resources/formats';
import { findResource } from '../../src/shared/resources/registry';
import type { ResourceDefinition } from '../../src/shared/resources/resource';

/** A valid value of each text format, as it is stored. */
const formatted: Record<TextFormat, string> = {
  phone: '04 74 12 34 56',
  mobile: '06 12 34 56 78',
  siret: '81234567800021',
  postalCode: '01400',
};

function sampleValue(name: string, def: FieldDef, n: number): unknown {
  if (def.format) return formatted[def.format];
  switch (def.kind) {
    case 'text':
    case 'textarea': {
      const text = `Élément ${name} ${n}`;
      // Short fields (codes) get digits, still different for every n.
      return def.maxLength !== undefined && def.maxLength < text.length ? String(n).padStart(def.maxLength, '0') : text;
    }
    case 'email':
      return `contact${n}@exemple.fr`;
    case 'url':
      return `https://exemple.fr/page-${n}`;
    case 'color':
      return '#1a2b3c';
    case 'integer':
      // A declared default is valid whatever bounds the resource's rules set.
      return typeof def.defaultValue === 'number' ? def.defaultValue : n;
    case 'boolean':
      return n % 2 === 0;
    case 'date':
      return `2026-01-${String((n % 28) + 1).padStart(2, '0')}`;
    case 'select':
      return def.choices?.[n % (def.choices?.length ?? 1)];
    case 'choices':
      return [def.choices?.[n % (def.choices?.length ?? 1)]];
    case 'reference':
      return null;
    case 'references':
      return [];
    case 'richtext':
      return `<p>Élément ${name} ${n}</p>`;
    case 'texts':
      return ['01400'];
    case 'permissions':
      // A profile granting nothing: whoever may write profiles may write it (one granting more than
      // its writer holds is refused, as tests/api/security-accounts.test.ts shows).
      return [];
    case 'datetime':
      return `2026-03-${String((n % 28) + 1).padStart(2, '0')}T10:30:00.000Z`;
    case 'month-year':
      return `2026-${String((n % 12) + 1).padStart(2, '0')}`;
    case 'file':
      return `exemples/00000000-0000-4000-8000-${String(n).padStart(12, '0')}/modele-${n}.xlsx`;
    case 'collection': {
      // One row, unless a row needs a record to point at.
      const fields = def.fields ?? {};
      return Object.values(fields).some((sub) => sub.required && isReference(sub)) ? [] : [sampleRow(fields, n)];
    }
  }
}

/**
 * Values the rules of a collection's rows ask for, by "<slug>.<collection>" (structures: one main
 * address; task templates: a delay within ten years in any unit).
 */
const ruleAbidingRows = new Map<Record<string, FieldDef>, Record<string, unknown>>(
  Object.entries({ 'structures.addresses': { main: true }, 'template-tache.tasks': { dueIn: 3 } }).map(
    ([key, values]) => {
      const [slug, name] = key.split('.') as [string, string];
      return [findResource(slug)!.fields[name]!.fields!, values];
    },
  ),
);

/** Values for every field a client sends (read-only ones are the server's). */
export const sampleRow = (fields: Record<string, FieldDef>, n: number): Record<string, unknown> => ({
  ...Object.fromEntries(
    Object.entries(fields)
      .filter(([, def]) => !def.readOnly)
      .map(([name, def]) => [name, sampleValue(name, def, n)]),
  ),
  ...ruleAbidingRows.get(fields),
});

/**
 * The records the samples of a project's child resources belong to (a public project, a ticket of it) and
 * name (a structure: a co-owner or partner names an individual or a structure; a document type: a
 * document's; a user: a time entry's),
 * made by createSampleLinks in the test file's beforeAll.
 */
export const sampleLinks: {
  project?: number;
  structure?: number;
  documentType?: number;
  projectState?: number;
  ticket?: number;
  user?: number;
} = {};

/** Creates, as the administrator, the records sampleLinks names. */
export async function createSampleLinks(app: FastifyInstance, admin: LoggedIn): Promise<void> {
  const created = async (slug: string, values: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: slug }),
      headers: authHeaders(admin),
      payload: values,
    });
    if (response.statusCode !== 201) throw new Error(`${slug}: ${response.body}`);
    return response.json<{ id: number }>().id;
  };
  sampleLinks.structure = await created('structures', {
    ...sampleValues(findResource('structures')!, 990),
    name: 'Structure des échantillons',
  });
  sampleLinks.projectState = await created('etats-projet', { name: 'État des échantillons' });
  sampleLinks.project = await created('projet', {
    ...sampleValues(findResource('projet')!, 990),
    name: 'Projet des échantillons',
  });
  sampleLinks.documentType = await created('types-de-document', { name: 'Type des échantillons' });
  sampleLinks.ticket = await created('tickets', { name: 'Ticket des échantillons', project: sampleLinks.project });
  sampleLinks.user = admin.session.user.id;
}

/** Values a resource's business rules ask for (etapes: one finished step at most; structures: a subtype if public). */
const ruleAbiding = (): Record<string, Record<string, unknown>> => ({
  etapes: { done: false },
  // A mapping of its own type, its columns written as its flag says, the required field mapped.
  'templates-import': {
    type: 'individus',
    numericColumns: true,
    fields: [{ field: 'individual.lastName', column: '0', searchCriterion: true }],
  },
  // A field of activity is a NAF code.
  structures: { contactType: 'public', activity: '62.01Z' },
  // Dashboard iframes are checked against the allowed hosts and rewritten: their own test has them.
  // Only an administrator makes administrators: the samples' writers are not always one.
  utilisateurs: { dashboardIframes: [], isAdmin: false },
  // A public project: who may read which confidential or internal project is the read scope's own test (projet.test.ts).
  // A state given: a project without one starts "À traiter", which the sample would not read back.
  projet: { status: 'public', state: sampleLinks.projectState ?? null },
  // A project's children belong to a project, and name an individual or a structure.
  'coporteurs-projet': { project: sampleLinks.project ?? null, structure: sampleLinks.structure ?? null },
  'partenaires-projet': { project: sampleLinks.project ?? null, structure: sampleLinks.structure ?? null },
  'commentaires-projet': { project: sampleLinks.project ?? null },
  // A project's document has a type.
  'piece-jointe': { project: sampleLinks.project ?? null, documentType: sampleLinks.documentType ?? null },
  // A ticket belongs to a project; its children to a ticket, a time entry to a user.
  tickets: { project: sampleLinks.project ?? null },
  'tickets-commentaires': { ticket: sampleLinks.ticket ?? null },
  'tickets-sous-taches': { ticket: sampleLinks.ticket ?? null },
  'tickets-documents': { ticket: sampleLinks.ticket ?? null },
  'tickets-temps': { ticket: sampleLinks.ticket ?? null, user: sampleLinks.user ?? null },
});

/**
 * What a record must be for a reference field to point at it, by "<slug>.<field>" (a media item's
 * media is a structure of contact type media, its themes are attached to the watch).
 */
const pointableAs: Record<string, Record<string, unknown>> = {
  'veille-media.media': { contactType: 'media', publicSubtype: null },
  'veille-media.themes': { attachedToWatch: true },
};

/** Valid values of a record that this reference field of that resource may point at; n varies them. */
export function sampleTarget(
  target: ResourceDefinition,
  n: number,
  from: ResourceDefinition,
  field: string,
): Record<string, unknown> {
  return { ...sampleValues(target, n), ...pointableAs[`${from.slug}.${field}`] };
}

/** Valid values for every field of a resource; n varies them. */
export function sampleValues(definition: ResourceDefinition, n: number): Record<string, unknown> {
  return { ...sampleRow(definition.fields, n), ...ruleAbiding()[definition.slug] };
}
