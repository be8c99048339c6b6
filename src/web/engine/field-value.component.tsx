import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/i18n/format';
import type { FieldDef } from '../../shared/resources/fields';
import type { ReferenceTitles } from '../../shared/resources/resource';

interface FieldValueProps {
  slug: string;
  name: string;
  def: FieldDef;
  value: unknown;
  titles: ReferenceTitles;
}

/** A field's value as read in lists and on show pages. */
export function FieldValue({ slug, name, def, value, titles }: FieldValueProps) {
  const { t } = useTranslation();
  const none = t('engine.none');
  if (value === null || value === undefined || value === '') return <>{none}</>;
  switch (def.kind) {
    case 'boolean':
      return <>{t(value ? 'engine.yes' : 'engine.no')}</>;
    case 'url':
      return (
        <Anchor href={String(value)} target="_blank" rel="noopener noreferrer">
          {String(value)}
        </Anchor>
      );
    case 'email':
      return <Anchor href={`mailto:${String(value)}`}>{String(value)}</Anchor>;
    case 'date':
      return <>{formatDate(String(value))}</>;
    case 'select':
      return <>{t(`resources.${slug}.choices.${name}.${String(value)}`)}</>;
    case 'reference':
      return <>{titles[name]?.[String(value)] ?? none}</>;
    case 'references': {
      const ids = value as number[];
      return <>{ids.length === 0 ? none : ids.map((id) => titles[name]?.[String(id)] ?? id).join(', ')}</>;
    }
    default:
      return <>{String(value)}</>;
  }
}
