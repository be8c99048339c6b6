import { Badge, Button, Collapse, Group, NativeSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { boardFiltersSchema } from '../../../shared/resources/ticket-board';
import { ticketStatuses, tickets } from '../../../shared/resources/tickets.resource';
import { DateInput } from '../../engine/date-input.component';
import { useReferenceChoices } from '../../engine/field-input.component';
import { ReferenceFilter } from '../../engine/resource-filters.component';

/** The board's criteria in the address, named as the API takes them (ajax/tickets). */
export const boardFilterNames = [
  'projet',
  'mission',
  'utilisateur',
  'typeTache',
  'statut',
  'q',
  'echeanceDu',
  'echeanceAu',
] as const;

/** Below this width (a phone), the filters fold behind their button. */
const FOLDING_QUERY = '(max-width: 48em)';

/** A reference criterion: a list to choose from, or typed when its records are many. */
function ReferenceCriterion({
  label,
  name,
  field,
  value,
}: {
  label: string;
  name: string;
  field: 'mission' | 'attributions' | 'taskType';
  value: string;
}) {
  const { t } = useTranslation();
  const def = tickets.fields[field]!;
  const choices = useReferenceChoices(def);
  if (choices?.byTyping) return <ReferenceFilter label={label} name={name} target={def.target!} value={value} />;
  return (
    <NativeSelect
      label={label}
      name={name}
      defaultValue={value}
      data={[
        { value: '', label: t('resources.tickets.board.filters.any') },
        ...(choices?.byTyping === false ? choices.options : []),
      ]}
    />
  );
}

/**
 * The board's filters: project (on the global board), mission, attributed user, task type, status,
 * free text and deadline range; applied to the address, which the board reads. A deadline range
 * ending before it starts is refused here with the server's own rule (boardFiltersSchema). On a
 * phone they fold behind a "Filtres" button (the number of criteria in force beside it), so the
 * columns come first.
 */
export function BoardFilters({
  params,
  withProject,
  onApply,
}: {
  params: URLSearchParams;
  withProject: boolean;
  onApply: (criteria: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const label = (name: string) => t(`resources.tickets.board.filters.${name}`);
  const [from, setFrom] = useState<string | null>(params.get('echeanceDu') || null);
  const [to, setTo] = useState<string | null>(params.get('echeanceAu') || null);
  const [dateErrors, setDateErrors] = useState<{ echeanceDu?: string; echeanceAu?: string }>({});
  const folding = useMediaQuery(FOLDING_QUERY) ?? false;
  const [unfolded, setUnfolded] = useState(false);
  const formId = useId();
  const active = boardFilterNames.filter((name) => (withProject || name !== 'projet') && params.get(name)).length;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const criteria = Object.fromEntries(
      boardFilterNames
        .filter((name) => withProject || name !== 'projet')
        .map((name) => [name, String(data.get(name) ?? '').trim()]),
    );
    criteria.echeanceDu = from ?? '';
    criteria.echeanceAu = to ?? '';
    const checked = boardFiltersSchema.safeParse(
      Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== '')),
    );
    // A day typed wrong (not a date), else an end before the start (the refinement's message).
    const errors = Object.fromEntries(
      (checked.success ? [] : checked.error.issues).map(({ path, message }) => [
        path[0],
        message === 'tickets.errors.deadline_range' ? t(message) : t('validation.date'),
      ]),
    );
    setDateErrors(errors);
    if (!checked.success) return;
    // On a phone, the board comes back into view.
    setUnfolded(false);
    onApply(criteria);
  }

  function reset() {
    setFrom(null);
    setTo(null);
    setDateErrors({});
    setUnfolded(false);
    onApply(
      Object.fromEntries(boardFilterNames.filter((name) => withProject || name !== 'projet').map((name) => [name, ''])),
    );
  }

  return (
    <Paper withBorder p="sm">
      {folding && (
        <Button
          variant="subtle"
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={() => setUnfolded((open) => !open)}
          aria-expanded={unfolded}
          aria-controls={formId}
          rightSection={
            active > 0 ? <Badge size="sm">{t('engine.active_filters', { count: active })}</Badge> : undefined
          }
        >
          {label('toggle')}
        </Button>
      )}
      <Collapse expanded={!folding || unfolded} id={formId}>
        {/* Re-created when the address changes, so the inputs show the criteria in force. */}
        <form
          key={params.toString()}
          onSubmit={submit}
          role="search"
          aria-label={label('label')}
          noValidate
          style={folding ? { marginTop: 'var(--mantine-spacing-sm)' } : undefined}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {withProject && (
              <ReferenceFilter
                label={label('project')}
                name="projet"
                target="projet"
                value={params.get('projet') ?? ''}
              />
            )}
            <ReferenceCriterion
              label={label('mission')}
              name="mission"
              field="mission"
              value={params.get('mission') ?? ''}
            />
            <ReferenceCriterion
              label={label('user')}
              name="utilisateur"
              field="attributions"
              value={params.get('utilisateur') ?? ''}
            />
            <ReferenceCriterion
              label={label('task_type')}
              name="typeTache"
              field="taskType"
              value={params.get('typeTache') ?? ''}
            />
            <NativeSelect
              label={label('status')}
              name="statut"
              defaultValue={params.get('statut') ?? ''}
              data={[
                { value: '', label: label('any') },
                // "Bloqué" here takes the cards orange for their deadline too, as the board shows them.
                ...ticketStatuses.map((status) => ({ value: status, label: label(`statuses.${status}`) })),
              ]}
            />
            <TextInput label={label('q')} name="q" type="search" defaultValue={params.get('q') ?? ''} />
            <DateInput
              label={label('from')}
              value={from}
              onChange={setFrom}
              withTime={false}
              error={dateErrors.echeanceDu}
            />
            <DateInput label={label('to')} value={to} onChange={setTo} withTime={false} error={dateErrors.echeanceAu} />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={reset}>
              {label('reset')}
            </Button>
            <Button type="submit">{label('apply')}</Button>
          </Group>
        </form>
      </Collapse>
    </Paper>
  );
}
