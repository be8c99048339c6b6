import { useTranslation } from 'react-i18next';
import { fieldText } from '../../shared/resources/field-kinds';
import type { FieldDef } from '../../shared/resources/fields';
import type { ReferenceTitles } from '../../shared/resources/resource';
import { webFieldKinds } from './field-kinds.component';

interface FieldValueProps {
  slug: string;
  name: string;
  def: FieldDef;
  value: unknown;
  titles: ReferenceTitles;
}

/** A field's value as read in lists and on show pages: links stay links, collections are listed. */
export function FieldValue({ slug, name, def, value, titles }: FieldValueProps) {
  const { t } = useTranslation();
  const context = { slug, titles, t: (key: string) => t(key) };
  const text = fieldText(name, def, value, context);
  if (text === '') return <>{t('engine.none')}</>;
  return webFieldKinds[def.kind].value({ name, def, value, text, textContext: context });
}
