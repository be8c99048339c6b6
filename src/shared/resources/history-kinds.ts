import type { AuditChange } from './audit';
import { resources } from './registry';
import type { ResourceDefinition } from './resource';

/** The record's own fields (and its creation, deletion and flags). */
export const OWN_FIELDS_KIND = 'fiche';
/** Changes carrying their label (a project's characteristics). */
export const LABELLED_KIND = 'caracteristiques';

/** The child resources whose records' additions, changes and deletions are entries of this resource's history. */
export function childrenInHistory(definition: ResourceDefinition): ResourceDefinition[] {
  return resources.filter(({ parent }) => parent?.resource === definition.slug && parent.inHistory === true);
}

/**
 * What a record's history may be filtered by (GET …/historique/{id}?type=): its own fields ("fiche"),
 * the fields that are kinds of their own (a project's state, by field name), labelled changes
 * ("caracteristiques") and each child resource in its history (by slug).
 */
export function historyKinds(definition: ResourceDefinition): string[] {
  const { fields = [], labelled = false } = definition.historyKinds ?? {};
  return [
    OWN_FIELDS_KIND,
    ...fields,
    ...(labelled ? [LABELLED_KIND] : []),
    ...childrenInHistory(definition).map(({ slug }) => slug),
  ];
}

/** The kind one change of a record's history is of. */
export function changeKind(definition: ResourceDefinition, change: AuditChange): string {
  if (change.label !== undefined) return LABELLED_KIND;
  if (definition.historyKinds?.fields?.includes(change.field)) return change.field;
  return change.field in definition.fields ? OWN_FIELDS_KIND : change.field;
}

/** A kind's catalog label: "Fiche", "Caractéristiques", a field's label, a child resource's plural label. */
export function historyKindLabel(definition: ResourceDefinition, kind: string): string {
  if (kind === OWN_FIELDS_KIND || kind === LABELLED_KIND) return `engine.audit.kinds.${kind}`;
  return kind in definition.fields ? `resources.${definition.slug}.fields.${kind}` : `resources.${kind}.label`;
}
