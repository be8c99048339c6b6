import { SimpleGrid, Tabs } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../shared/resources/fields';
import { formTabs, type ReferenceTitles, type ResourceDefinition } from '../../shared/resources/resource';
import { pathWithOnlyParameter } from '../../shared/routes';
import { ApiRequestError, apiAt } from '../api-client';
import { queryKeys } from '../query-keys';
import { toast } from '../shell/toasts.component';
import { FieldInput, type FieldErrorTree } from './field-input.component';
import { useWebModule } from './web-module';

interface ResourceFieldsProps {
  definition: ResourceDefinition;
  form: UseFormReturn<Record<string, unknown>>;
  /** The tab shown, and what a click on another asks for (the page keeps it in the URL hash). */
  activeTab: string | null;
  onTabChange: (tab: string) => void;
  /** What the record's references point at, for inputs that show titles. */
  titles?: ReferenceTitles;
  /** The record edited (none when creating). */
  recordId?: number;
  /**
   * Tabs of the screen's own, after the fields' in the same row (a ticket's sub-tasks, time…): the
   * form around the fields (`wrapFields`, told whether a field's tab is shown) leaves them out. One
   * named as a field's tab adds its content under that tab's fields (no form in it then).
   */
  extraTabs?: ExtraTab[];
  wrapFields?: (fields: ReactNode, fieldTabShown: boolean) => ReactNode;
}

/** A tab of the screen's own beside a form's tabs: its name (the tab's value), label and content. */
export interface ExtraTab {
  name: string;
  label: string;
  panel: ReactNode;
}

/** A resource's form inputs, in its tabs when it has several; a tab holding an error says so. */
export function ResourceFields({
  definition,
  form,
  activeTab,
  onTabChange,
  titles,
  recordId,
  extraTabs = [],
  wrapFields = (fields) => fields,
}: ResourceFieldsProps) {
  const { t } = useTranslation();
  const { slug } = definition;
  const { errors } = form.formState;
  // A resource's web module may replace some fields' inputs.
  const { fieldInputs = {} } = useWebModule(slug);
  const tabs = formTabs(definition);
  const ownTabs = extraTabs.filter(({ name }) => !tabs.some(({ tab }) => tab === name));
  const addedTo = (tab: string) => extraTabs.find(({ name }) => name === tab)?.panel;
  const tabLabel = (tab: string) => t(`resources.${slug}.tabs.${tab}`);
  // The postal codes that narrow commune references, watched so the commune follows the code typed.
  const narrowing = Object.values(definition.fields).flatMap((def) => (def.postalCodeFrom ? [def.postalCodeFrom] : []));
  const narrowingValues = useWatch({ control: form.control, name: narrowing });
  const postalCodeOf = (def: FieldDef) =>
    def.postalCodeFrom ? String(narrowingValues[narrowing.indexOf(def.postalCodeFrom)] ?? '') : undefined;

  // A choice that fills other fields (fillsFrom) may lock them to what it fills (a service flagged
  // "disable linked fields"): its route's reply, asked for the value chosen, says which.
  const queryClient = useQueryClient();
  const choosers = Object.entries(definition.fields).filter(([, def]) => def.fillsFrom);
  const chosen = useWatch({ control: form.control, name: choosers.map(([name]) => name) });
  const fillQuery = (def: FieldDef, value: number) => ({
    queryKey: queryKeys.resource.route(def.target!, 'api.users.form_values_from_service', value),
    queryFn: () => apiAt('GET', 'api.users.form_values_from_service', pathWithOnlyParameter(def.fillsFrom!, value)),
  });
  const fills = useQueries({
    queries: choosers.map(([, def], index) => {
      const value = chosen[index];
      return typeof value === 'number'
        ? fillQuery(def, value)
        : { queryKey: ['none'], queryFn: () => null, enabled: false };
    }),
  });
  const lockedBy = (field: string) => choosers.find((_, index) => fills[index]?.data?.locked.includes(field))?.[0];

  /** A choice that fills other fields: the route's reply sets them, as if typed. */
  async function fillFrom(def: FieldDef, name: string, value: unknown) {
    if (!def.fillsFrom || typeof value !== 'number') return;
    try {
      // The routes a declaration's fillsFrom names answer a record's values by field.
      const { locked: _locked, ...values } = await queryClient.fetchQuery(fillQuery(def, value));
      for (const [field, filled] of Object.entries(values)) {
        if (field !== name && field in definition.fields) form.setValue(field, filled, { shouldDirty: true });
      }
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : t('errors.generic'));
    }
  }

  const grid = (fields: [string, FieldDef][]) => (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {fields.map(([name, def]) => {
        const Input = fieldInputs[name] ?? FieldInput;
        return (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <Input
                slug={slug}
                name={name}
                def={def}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  void fillFrom(def, name, value);
                }}
                errors={errors[name] as FieldErrorTree | undefined}
                titles={titles?.[name]}
                recordId={recordId}
                postalCode={postalCodeOf(def)}
                disabledBecause={
                  lockedBy(name) === undefined
                    ? undefined
                    : t('engine.locked_by_choice', { field: t(`resources.${slug}.fields.${lockedBy(name)}`) })
                }
                setField={(other, filled) => form.setValue(other, filled, { shouldDirty: true, shouldValidate: true })}
              />
            )}
          />
        );
      })}
    </SimpleGrid>
  );

  if (tabs.length <= 1 && ownTabs.length === 0) return wrapFields(grid(tabs[0]?.fields ?? []), true);
  return (
    <Tabs value={activeTab} onChange={(tab) => tab && onTabChange(tab)} keepMounted>
      <Tabs.List mb="md">
        {tabs.map(({ tab, fields }) => {
          const invalid = fields.some(([name]) => errors[name] !== undefined);
          return (
            <Tabs.Tab
              key={tab}
              value={tab}
              // red.9: red.8 text falls short of the 4.5:1 contrast on the selected tab.
              color={invalid ? 'red.9' : undefined}
              c={invalid ? 'red.9' : undefined}
              leftSection={invalid ? <IconAlertCircle size={16} aria-hidden /> : undefined}
              aria-label={invalid ? t('engine.tab_invalid', { tab: tabLabel(tab) }) : undefined}
            >
              {tabLabel(tab)}
            </Tabs.Tab>
          );
        })}
        {ownTabs.map(({ name, label }) => (
          <Tabs.Tab key={name} value={name}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {wrapFields(
        tabs.map(({ tab, fields }) => (
          <Tabs.Panel key={tab} value={tab}>
            {grid(fields)}
            {addedTo(tab)}
          </Tabs.Panel>
        )),
        tabs.some(({ tab }) => tab === activeTab),
      )}
      {ownTabs.map(({ name, panel }) => (
        <Tabs.Panel key={name} value={name}>
          {panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
