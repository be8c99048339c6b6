import type { TFunction } from 'i18next';

/**
 * What adds a record of a resource, or a row of one of its collection fields, in the catalog's own
 * words with their article: "Ajouter un partenaire" (`resources.<slug>.add_one`), "Ajouter une
 * adresse" (`resources.<slug>.add_rows.<field>`). The one source of the create page's title, the
 * list's create button, the child panels' and create-in-modal buttons and the collection fields'.
 */
export function addLabel(t: TFunction, slug: string, collectionField?: string): string {
  return t(
    collectionField === undefined ? `resources.${slug}.add_one` : `resources.${slug}.add_rows.${collectionField}`,
  );
}
