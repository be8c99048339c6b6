import { Button, Group, Select, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  batchActionLabel,
  isEngineBatchAction,
  recordTitle,
  type ResourceDefinition,
} from '../../../shared/resources/resource';

import { ApiRequestError, api } from '../../api-client';
import { takeConfirmation, useDialogs, type DialogTexts } from '../../shell/dialogs.component';
import { toast } from '../../shell/toasts.component';
import { useListContext } from './list-context.hook';

/** The selected records a batch dialog names, at most this many, then how many more. */
const NAMED_IN_BATCH = 10;

/**
 * Spec 2.4's batch dialog, naming the action and the count ("Supprimer 3 éléments ?") and the
 * records it will touch; the confirm button says the action, in red when it deletes.
 */
function batchConfirmation(
  t: TFunction,
  definition: ResourceDefinition,
  action: string,
  titles: string[],
): DialogTexts {
  const count = titles.length;
  const engineAction = isEngineBatchAction(definition, action);
  const label = t(batchActionLabel(definition, action));
  const named = titles.slice(0, NAMED_IN_BATCH).join(', ');
  const more = count - NAMED_IN_BATCH;
  return {
    title: engineAction
      ? t(`engine.batch_confirm.${action}`, { count })
      : t('engine.batch_confirm.command', { action: label, count }),
    body:
      more > 0
        ? t('engine.batch_records_more', { records: named, count: more })
        : t('engine.batch_records', { records: named }),
    confirmLabel: engineAction ? t(`engine.batch_confirm_buttons.${action}`) : label,
    destructive: action === 'delete',
  };
}

/**
 * Spec 2.4: the list's form, around its body and its batch bar. The batch dialog sets its _action
 * and submits it once confirmed; the records are the list's selection, whatever body shows them.
 */
export function BatchForm({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { definition, selection, refresh } = useListContext();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!takeConfirmation(event.currentTarget)) return;
    const action = String(new FormData(event.currentTarget).get('_action') ?? '');
    try {
      const result = await api('POST', 'api.resource.batch', {
        params: { resource: definition.slug },
        body: {
          ids: [...selection.selected],
          _action: action,
        },
      });
      toast.success(t('engine.batch_done', { count: result.processed }));
      // A batch command names each record it could not do, with the reason.
      for (const failure of result.failed ?? []) toast.error(`${failure.title} : ${failure.message}`);
      selection.clear();
      await refresh();
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : t('errors.batch'));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t(`resources.${definition.slug}.label`)}>
      <input type="hidden" name="_action" />
      {children}
    </form>
  );
}

/** The batch action to apply to the selected records, and how many are selected. */
export function BatchBar() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const { definition, items, batchActions, ownBatchActions: OwnBatchActions, selection } = useListContext();
  const [action, setAction] = useState<string | null>(null);
  if (batchActions.length === 0) return OwnBatchActions ? <OwnBatchActions /> : <span />;

  function apply(form: HTMLFormElement | null) {
    if (!action) return toast.error(t('batch.no_action'));
    if (selection.selected.size === 0) return toast.error(t('batch.no_items'));
    const titles = items
      .filter((record) => selection.selected.has(record.id))
      .map((record) => recordTitle(definition, record));
    if (form) dialogs.batch(batchConfirmation(t, definition, action, titles), form, action);
  }

  return (
    <Group align="flex-end">
      <Select
        label={t('engine.batch_action')}
        placeholder={t('engine.batch_choose')}
        data={batchActions.map((value) => ({ value, label: t(batchActionLabel(definition, value)) }))}
        value={action}
        onChange={setAction}
        clearable
      />
      <Button variant="default" onClick={(event) => apply(event.currentTarget.form)}>
        {t('engine.batch_apply')}
      </Button>
      {OwnBatchActions && <OwnBatchActions />}
      <Text size="sm" c="dimmed">
        {t('engine.selected', { count: selection.selected.size })}
      </Text>
    </Group>
  );
}
