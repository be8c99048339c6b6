import { Button, Group, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/i18n/format';
import { can, nobody } from '../../../shared/permissions';
import {
  defaultMergeChoice,
  isCombinable,
  isDuplicateResource,
  isEmptyValue,
  mergeableFields,
  sameValue,
  type MergeChoice,
} from '../../../shared/resources/contact-duplicates';
import { fieldText } from '../../../shared/resources/field-kinds';
import type { FieldDef } from '../../../shared/resources/fields';
import { findResource } from '../../../shared/resources/registry';
import { recordTitle, type ResourceDefinition, type ResourceRecordView } from '../../../shared/resources/resource';
import { path } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { useResourceRecord } from '../../engine/resource-api.hook';
import { useSession } from '../../session.hook';
import { useConfirmedSubmit } from '../../shell/dialogs.component';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { ScreenHeader } from '../../shell/screen-header.component';
import { toast } from '../../shell/toasts.component';
import { ErrorScreen, errorStatusOfFailure } from '../../shell/error.screen';
import { Loading } from '../../shell/loading.component';
import { queryKeys } from '../../query-keys';

/** Which record a value comes from: A (the first of the pair), B, or both (lists). */
type Side = 'a' | 'b';
type SideChoice = Side | 'both';

/** doublons/{resource}/fusionner/{id}/{other}: the merge of a pair, the two records side by side. */
export function MergeScreen() {
  const { resource, id, other } = useParams();
  const definition = isDuplicateResource(resource) ? findResource(resource) : undefined;
  if (!definition) return <ErrorScreen status={404} />;
  return <MergeForm key={`${resource}-${id}-${other}`} definition={definition} ids={[id, other]} />;
}

function MergeForm({ definition, ids }: { definition: ResourceDefinition; ids: [string?, string?] }) {
  const { t } = useTranslation();
  const { slug } = definition;
  const { data: session } = useSession();
  const a = useResourceRecord(definition, ids[0]);
  const b = useResourceRecord(definition, ids[1]);
  useDocumentTitle(t('duplicates.merge_title'));

  const failed = [a, b].find((query) => query.isError);
  if (failed) {
    return <ErrorScreen status={errorStatusOfFailure(failed.error)} />;
  }
  if (!session || !a.data || !b.data) return <Loading />;
  const user = session.user ?? nobody;
  if (!can(user, slug, 'update') || !can(user, slug, 'delete')) return <ErrorScreen status={403} />;
  return <MergeChoices definition={definition} records={{ a: a.data, b: b.data }} />;
}

function MergeChoices({
  definition,
  records,
}: {
  definition: ResourceDefinition;
  records: Record<Side, ResourceRecordView>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { slug } = definition;
  const fields = mergeableFields(definition);
  const aIsNewer = Date.parse(records.a.updatedAt) >= Date.parse(records.b.updatedAt);
  // The values the server would keep unless told otherwise: the filled-in one, both lists, the newer one.
  const [choices, setChoices] = useState<Record<string, SideChoice>>(() =>
    Object.fromEntries(
      fields.map(([name, def]) => {
        const choice = defaultMergeChoice(def, records.a[name], records.b[name], aIsNewer);
        return [name, choice === 'both' ? 'both' : choice === 'kept' ? 'a' : 'b'];
      }),
    ),
  );
  const [kept, setKept] = useState<Side>('a');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const removed: Side = kept === 'a' ? 'b' : 'a';
  const title = (side: Side) => recordTitle(definition, records[side]);

  const text = (name: string, def: FieldDef, side: Side) =>
    fieldText(name, def, records[side][name], { slug, titles: records[side].titles, t: (key) => t(key) });

  async function merge() {
    setError(null);
    setFieldErrors({});
    const toServer = (choice: SideChoice): MergeChoice =>
      choice === 'both' ? 'both' : choice === kept ? 'kept' : 'removed';
    try {
      await api('POST', 'api.duplicates.merge', {
        params: { resource: slug },
        body: {
          kept: records[kept].id,
          removed: records[removed].id,
          choices: Object.fromEntries(
            fields
              .filter(([name]) => !sameValue(records.a[name], records.b[name]))
              .map(([name]) => [name, toServer(choices[name]!)]),
          ),
        },
      });
      toast.success(t('duplicates.merged'));
      // Away first: refetched here, the removed record would answer 404.
      await navigate(path('admin.resource.show', { resource: slug, id: records[kept].id }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all(slug) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.duplicates.all });
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : t('errors.generic'));
      if (caught instanceof ApiRequestError) setFieldErrors(caught.payload.fieldErrors ?? {});
    }
  }
  const onSubmit = useConfirmedSubmit(
    {
      title: t('duplicates.confirm_title'),
      body: t('duplicates.confirm_body', { kept: title(kept), removed: title(removed) }),
      confirmLabel: t('duplicates.submit'),
    },
    () => void merge(),
  );

  const sideLabel = (side: Side) => t(side === 'a' ? 'duplicates.record_a' : 'duplicates.record_b');
  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <ScreenHeader title={t('duplicates.merge_title')}>
          <Button variant="default" component={Link} to={path('admin.duplicates', { fiches: slug })}>
            {t('duplicates.back')}
          </Button>
        </ScreenHeader>
        <Text>{t('duplicates.merge_help')}</Text>
        <FormErrorAlert error={error} />
        <Paper withBorder p="md">
          <Radio.Group label={t('duplicates.kept_record')} value={kept} onChange={(value) => setKept(value as Side)}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {(['a', 'b'] as const).map((side) => (
                <Radio
                  key={side}
                  value={side}
                  label={`${sideLabel(side)} : ${t('duplicates.record_option', {
                    title: title(side),
                    id: records[side].id,
                    date: formatDateTime(records[side].updatedAt),
                  })}`}
                />
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            {fields.map(([name, def]) => {
              const label = t(`resources.${slug}.fields.${name}`);
              const texts = { a: text(name, def, 'a'), b: text(name, def, 'b') };
              if (sameValue(records.a[name], records.b[name])) {
                // Empty on both records: nothing to choose, nothing to see.
                if (isEmptyValue(records.a[name])) return null;
                return (
                  <div key={name}>
                    <Text size="sm" fw={500}>
                      {label}
                    </Text>
                    <Text size="sm">
                      {texts.a}{' '}
                      <Text span size="sm" c="dimmed">
                        ({t('duplicates.same_value')})
                      </Text>
                    </Text>
                  </div>
                );
              }
              // Two values that read the same are told apart by their record.
              const optionLabel = (side: Side) => {
                const shown = texts[side] || t('duplicates.empty_value');
                return texts.a === texts.b ? `${sideLabel(side)} : ${shown}` : shown;
              };
              return (
                <Radio.Group
                  key={name}
                  label={label}
                  value={choices[name]}
                  onChange={(value) => setChoices((current) => ({ ...current, [name]: value as SideChoice }))}
                  error={fieldErrors[name]}
                >
                  <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                    <Radio value="a" label={optionLabel('a')} />
                    <Radio value="b" label={optionLabel('b')} />
                  </SimpleGrid>
                  {isCombinable(def) && <Radio value="both" label={t('duplicates.both_values')} mt="xs" />}
                </Radio.Group>
              );
            })}
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" color="red">
            {t('duplicates.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
