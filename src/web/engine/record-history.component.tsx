import { List, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/i18n/format';
import type { AuditChange } from '../../shared/resources/audit';
import { fieldText } from '../../shared/resources/field-kinds';
import { findResource } from '../../shared/resources/registry';
import { childrenInHistory, historyKindLabel, historyKinds } from '../../shared/resources/history-kinds';
import type { ResourceDefinition, ResourceRecordView } from '../../shared/resources/resource';

import { api } from '../api-client';
import { FieldValue } from './field-value.component';
import { ListPagination } from './list/list-pagination.component';
import { RecordPanel } from './record-panel.component';
import { useWebModule } from './web-module';
import { can, nobody } from '../../shared/permissions';
import { useSession } from '../session.hook';
import { queryKeys } from '../query-keys';

/**
 * A record's history: created and last changed (when, by whom); for an audited resource, every
 * change, newest first, each field before → after; then what the resource's web module adds.
 */
export function RecordHistory({ definition, record }: { definition: ResourceDefinition; record: ResourceRecordView }) {
  const { t } = useTranslation();
  const { history = [] } = useWebModule(definition.slug);
  const by = (name: string | null) => (name ? ` — ${name}` : '');
  return (
    <RecordPanel title={t('engine.history')}>
      <Text size="sm">
        {t('engine.created_at')} {formatDateTime(record.createdAt)}
        {by(record.createdByName)}
      </Text>
      <Text size="sm">
        {t('engine.updated_at')} {formatDateTime(record.updatedAt)}
        {by(record.updatedByName)}
      </Text>
      {definition.behaviours.audited && <AuditTrail definition={definition} id={record.id} />}
      {history.map((Part, index) => (
        <Part key={index} definition={definition} record={record} />
      ))}
    </RecordPanel>
  );
}

/**
 * GET …/historique/{id}, a page at a time, of one kind when chosen (its own fields, a field of its own
 * kind, characteristics, each child resource in its history).
 */
function AuditTrail({ definition, id }: { definition: ResourceDefinition; id: number }) {
  const { t } = useTranslation();
  const { slug } = definition;
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<string | null>(null);
  const user = useSession().data?.user ?? nobody;
  // A child resource's entries are the server's to those who may list it only.
  const hiddenChildren = childrenInHistory(definition)
    .filter((child) => !can(user, child.slug, 'list'))
    .map((child) => child.slug);
  const kinds = historyKinds(definition).filter((candidate) => !hiddenChildren.includes(candidate));
  const { data } = useQuery({
    queryKey: queryKeys.resource.history(slug, id, page, kind),
    queryFn: () =>
      api('GET', 'api.resource.history', { params: { resource: slug, id }, query: { page, type: kind ?? undefined } }),
    placeholderData: (previous) => previous,
  });
  if (!data || (data.total === 0 && kind === null)) return null;
  const fieldLabel = (name: string) => t(`resources.${slug}.fields.${name}`);
  const children = new Set(childrenInHistory(definition).map((child) => child.slug));
  const isChildInHistory = (name: string) => children.has(name);
  const named = (value: unknown) => (typeof value === 'string' ? value : t('engine.none'));
  /** A child's changed fields: "Étape : À faire → En cours", or its name alone (a long text). */
  const childChanges = (child: string, fields: string[], values: NonNullable<AuditChange['values']>) => {
    const childDefinition = findResource(child);
    return fields
      .map((name) => {
        const label = t(`resources.${child}.fields.${name}`);
        const change = values.find((value) => value.field === name);
        const def = childDefinition?.fields[name];
        if (!change || !def) return label;
        const text = (value: unknown) => {
          // References come as their records' titles.
          const shown =
            def.kind === 'reference' || def.kind === 'references'
              ? typeof value === 'string'
                ? value
                : ''
              : fieldText(name, def, value, { slug: child, titles: {}, t: (key: string) => t(key) });
          return shown === '' ? t('engine.none') : shown;
        };
        return `${label} : ${text(change.before)} → ${text(change.after)}`;
      })
      .join(', ');
  };
  return (
    <Stack gap="xs" mt="sm">
      <Title order={3} size="h5">
        {t('engine.audit.title')}
      </Title>
      {kinds.length > 1 && (
        <Select
          label={t('engine.audit.kind')}
          data={[
            { value: '', label: t('engine.audit.all_kinds') },
            ...kinds.map((value) => ({ value, label: t(historyKindLabel(definition, value)) })),
          ]}
          value={kind ?? ''}
          onChange={(value) => {
            setKind(value ? value : null);
            setPage(1);
          }}
          allowDeselect={false}
          maw={320}
        />
      )}
      {data.total === 0 && <Text size="sm">{t('engine.audit.none_of_kind')}</Text>}
      <List spacing="xs" listStyleType="none" p={0}>
        {data.entries.map((entry) => (
          <List.Item key={entry.id}>
            <Text size="sm" fw={700}>
              {formatDateTime(entry.createdAt)} — {t(`engine.audit.actions.${entry.action}`)}
              {entry.actorName ? ` — ${entry.actorName}` : ''}
            </Text>
            <List size="sm" withPadding>
              {entry.changes
                .filter(({ field }) => isChildInHistory(field))
                .map(({ field, before, after, fields = [], values = [] }) => (
                  // A record of a child resource added (none → its name), deleted (its name → none) or
                  // changed (its name before → after, or "changed" when its name stayed the same, then
                  // the fields that changed, each with its values before → after when a line can say them).
                  <List.Item key={field}>
                    {t(`resources.${field}.singular`)} :{' '}
                    {before !== null && before === after
                      ? `${named(before)} (${t('engine.audit.changed')})`
                      : `${named(before)} → ${named(after)}`}
                    {fields.length > 0 && ` — ${childChanges(field, fields, values)}`}
                  </List.Item>
                ))}
              {entry.changes
                .filter(({ field, label }) => definition.fields[field] || label)
                .map(({ field, label, before, after }) => {
                  // A labelled change (a project's characteristic) keeps its values as text.
                  if (label)
                    return (
                      <List.Item key={field}>
                        {label} : {before == null ? t('engine.none') : String(before)} →{' '}
                        {after == null ? t('engine.none') : String(after)}
                      </List.Item>
                    );
                  const value = (shown: unknown) => (
                    <FieldValue
                      slug={slug}
                      name={field}
                      def={definition.fields[field]!}
                      value={shown}
                      titles={data.titles}
                    />
                  );
                  return (
                    <List.Item key={field}>
                      {fieldLabel(field)} : {value(before)} → {value(after)}
                    </List.Item>
                  );
                })}
            </List>
          </List.Item>
        ))}
      </List>
      <ListPagination total={data.total} page={data.page} pageSize={data.pageSize} onChange={setPage} />
    </Stack>
  );
}
