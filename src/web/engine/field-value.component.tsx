import { Anchor, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldText } from '../../shared/resources/field-kinds';
import type { FieldDef } from '../../shared/resources/fields';
import type { ReferenceTitles } from '../../shared/resources/resource';
import { path, type ParamlessRouteName } from '../../shared/routes';
import { useSuggestionLabel } from './autocomplete-input.component';

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
  switch (def.kind) {
    case 'url':
      return (
        <Anchor href={text} target="_blank" rel="noopener noreferrer">
          {text}
        </Anchor>
      );
    case 'email':
      return <Anchor href={`mailto:${text}`}>{text}</Anchor>;
    case 'file':
      return <Anchor href={path('uploads.file', { chemin: String(value) })}>{text}</Anchor>;
    case 'textarea':
      // Its line breaks are the writer's (or a mail's): kept as written.
      return <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>;
    case 'collection':
      return (
        <List size="sm">
          {(value as Record<string, unknown>[]).map((row, index) => (
            <List.Item key={index}>{fieldText(name, def, [row], context)}</List.Item>
          ))}
        </List>
      );
    default:
      return def.suggest ? <SuggestedValue route={def.suggest} value={text} /> : <>{text}</>;
  }
}

/** A value chosen among a route's suggestions (a NAF code), with the label naming it once known. */
function SuggestedValue({ route, value }: { route: ParamlessRouteName; value: string }) {
  return <>{useSuggestionLabel(route, value) ?? value}</>;
}
