import { Anchor, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldKinds, isReference } from '../../shared/resources/field-kinds';
import type { FieldDef } from '../../shared/resources/fields';
import { findResource } from '../../shared/resources/registry';
import { recordTitle } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { api } from '../api-client';
import { resourceSuggestions, routeSuggestions, useRecordTitles } from './autocomplete-input.component';
import { useCreateInModal } from './create-in-modal.hook';
import { addLabel } from './add-label';
import { webFieldKinds } from './field-kinds.component';
import { queryKeys } from '../query-keys';

/** Errors as react-hook-form nests them: a message, or per row and sub-field for collections. */
export type FieldErrorTree = { message?: unknown } & { [key: string]: FieldErrorTree | undefined };

export interface FieldInputProps {
  slug: string;
  name: string;
  def: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  errors?: FieldErrorTree;
  /** Titles of the records the value points at (reference fields), by id. */
  titles?: Record<string, string>;
  /** A sub-field of a collection: labelled from resources.<slug>.subfields. */
  sub?: boolean;
  /** Why the input is disabled for now (what to fill first), shown as its description. */
  disabledBecause?: string;
  /** The record an edit form edits: a `suggest` route leaves out what it may not point at. */
  recordId?: number;
  /** The postal code typed in the field a commune reference is narrowed by (its postalCodeFrom). */
  postalCode?: string;
  /** Sets another field of the same form, as if typed (a web module's input filling several: a link's page data). */
  setField?: (name: string, value: unknown) => void;
}

/** The most records a reference offers as a list to choose from; beyond, it is chosen by typing. */
const LISTED_REFERENCES = 100;

/**
 * What a reference field offers: its target's records as a list when they are few, or, when the
 * field says so or the target holds more than a list can show (35 000 communes), `byTyping`: an
 * autocomplete. Undefined while unknown.
 */
export function useReferenceChoices(
  def: FieldDef,
): { byTyping: true } | { byTyping: false; options: Option[] } | undefined {
  const declared = isReference(def) && def.autocomplete === true;
  const definition = isReference(def) && !declared ? findResource(def.target) : undefined;
  const { data } = useQuery({
    queryKey: queryKeys.resource.options(definition?.slug),
    enabled: definition !== undefined,
    queryFn: async () => {
      const page = await api('GET', 'api.resource.collection', {
        params: { resource: definition!.slug },
        query: { parPage: LISTED_REFERENCES, tri: definition!.titleField },
      });
      return {
        complete: page.total <= page.items.length,
        options: page.items.map((item) => ({ value: String(item.id), label: recordTitle(definition!, item) })),
      };
    },
  });
  if (declared) return { byTyping: true };
  if (!data) return undefined;
  return data.complete ? { byTyping: false, options: data.options } : { byTyping: true };
}

export interface Option {
  value: string;
  label: string;
}

/**
 * The form input of a field; a reference declared createInModal gets its "new" button under it, one
 * declared editLink its edit (or add) link.
 */
export function FieldInput(props: FieldInputProps) {
  const { def, value, onChange } = props;
  const createInModal = useCreateInModal();
  if (!def.createInModal && !def.editLink) return <KindInput {...props} />;
  const select = (id: number) =>
    onChange(fieldKinds[def.kind].reference === 'many' ? [...((value as number[] | undefined) ?? []), id] : id);
  return (
    <Stack gap="xs">
      <KindInput {...props} />
      {def.createInModal && createInModal({ target: def.target ?? '', onCreated: select })}
      {def.editLink && <EditLink target={def.target ?? ''} id={typeof value === 'number' ? value : null} />}
    </Stack>
  );
}

/** Spec 2.2: with a value chosen, the link edits that record; without, it adds one. */
function EditLink({ target, id }: { target: string; id: number | null }) {
  const { t } = useTranslation();
  const singular = t(`resources.${target}.singular`);
  return id === null ? (
    <Anchor component={Link} size="sm" to={path('admin.resource.create', { resource: target })}>
      {addLabel(t, target)}
    </Anchor>
  ) : (
    <Anchor component={Link} size="sm" to={path('admin.resource.edit', { resource: target, id })}>
      {t('engine.edit_link', { resource: singular })}
    </Anchor>
  );
}

/** The input of a field, by kind. */
function KindInput(props: FieldInputProps) {
  const { slug, name, def, errors, titles = {}, sub = false, disabledBecause, recordId } = props;
  const { t } = useTranslation();
  const label = t(`resources.${slug}.${sub ? 'subfields' : 'fields'}.${name}`);
  const error = typeof errors?.message === 'string' ? t(errors.message) : undefined;
  const disabled = disabledBecause !== undefined;
  const common = { label, error, required: def.required, disabled, description: disabledBecause };
  const choices = useReferenceChoices(def);
  const byAutocomplete = choices?.byTyping === true;
  const options = choices && !choices.byTyping ? choices.options : [];
  const autocomplete = {
    suggestions: def.suggest ? routeSuggestions(def.suggest, recordId) : resourceSuggestions(def.target ?? ''),
    known: titles,
    ...common,
  };

  return webFieldKinds[def.kind].input({
    ...props,
    titles,
    t,
    label,
    error,
    disabled,
    common,
    byAutocomplete,
    options,
    autocomplete,
    Input: FieldInput,
    CommuneInput: CommuneOfPostalCodeInput,
  });
}

/**
 * A commune chosen among those of the postal code typed beside it (communes/ajax/code-postal): when
 * none is chosen yet, the code's only commune is chosen at once. A commune chosen before that the code
 * does not cover stays, shown with a note, until another is chosen: nothing changes unseen.
 */
export function CommuneOfPostalCodeInput({
  postalCode,
  value,
  onChange,
  known,
  ...common
}: {
  postalCode: string;
  /** Titles of the communes already chosen, by id. */
  known: Record<string, string>;
  value: number | null;
  onChange: (value: number | null) => void;
  label: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  description?: string;
}) {
  const { t } = useTranslation();
  const { data: communes } = useQuery({
    queryKey: queryKeys.communesByPostalCode(postalCode),
    queryFn: () => api('GET', 'api.communes.by_postal_code', { query: { code: postalCode } }),
  });
  const only = communes?.length === 1 ? communes[0]!.id : null;
  useEffect(() => {
    if (only !== null && value === null) onChange(only);
  }, [only, value, onChange]);
  const options = (communes ?? []).map((commune) => ({ value: String(commune.id), label: commune.name }));
  const current = value === null ? null : String(value);
  const outside = communes !== undefined && current !== null && !options.some((option) => option.value === current);
  const currentTitle = useRecordTitles('communes', outside ? value : null);
  const currentLabel = current === null ? undefined : (known[current] ?? currentTitle[current]);
  if (outside && currentLabel) options.push({ value: current, label: currentLabel });
  const note = outside
    ? t('engine.postal_code_other_commune', { code: postalCode })
    : communes?.length === 0
      ? t('engine.postal_code_no_commune', { code: postalCode })
      : t('engine.postal_code_communes', { code: postalCode });
  return (
    <Select
      {...common}
      description={common.description ?? note}
      clearable={!common.required}
      value={current}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      data={options}
      nothingFoundMessage={t('engine.postal_code_no_commune', { code: postalCode })}
    />
  );
}
