import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { SareFilters, sareFormats } from '../../../shared/api/sare.contract';
import { actTypes, type ActType } from '../../../shared/resources/commentaires-projet.resource';
import { USERS_TARGET } from '../../../shared/resources/fields';
import { path } from '../../../shared/routes';
import { api, ApiRequestError } from '../../api-client';
import { AutocompleteInput, resourceSuggestions, useRecordTitles } from '../../engine/autocomplete-input.component';
import { DateInput } from '../../engine/date-input.component';
import { queryKeys } from '../../query-keys';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { PageGuard } from '../../shell/page-guard.component';
import { saveFile } from '../../shell/save-file';
import { ScreenHeader } from '../../shell/screen-header.component';
import { toast } from '../../shell/toasts.component';

type Format = (typeof sareFormats)[number];

/** How long the criteria must stay unchanged before the acts are counted anew (as an autocomplete waits). */
const COUNT_DELAY_MS = 300;

interface Criteria {
  du: string | null;
  au: string | null;
  mission: number | null;
  conseiller: number | null;
  typeActe: ActType | null;
  ademe: 'true' | 'false' | null;
}

/** The acts ADEME is told about, unless the user asks for others. */
const startingCriteria: Criteria = {
  du: null,
  au: null,
  mission: null,
  conseiller: null,
  typeActe: null,
  ademe: 'true',
};

/** The criteria given, as the export's query (and its count's). */
const queryOf = (criteria: Criteria) =>
  Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== null && value !== '')) as SareFilters;

/**
 * The advice acts' export in ADEME's SARE format (spec 2.3: a filter form, then the file): acts by date
 * range, mission, adviser, act type and ADEME flag (the ADEME acts to start with); how many acts the
 * file will hold, as the criteria change; the file for ADEME, or the same selection as a spreadsheet
 * to check by hand. The server says in French what is wrong with the criteria.
 */
export function SareExportScreen() {
  return (
    <PageGuard page="admin.sare_export">
      <SareExportForm />
    </PageGuard>
  );
}

function SareExportForm() {
  const { t } = useTranslation();
  const title = t('sare_export.title');
  useDocumentTitle(title);
  const [criteria, setCriteria] = useState<Criteria>(startingCriteria);
  const [downloadErrors, setErrors] = useState<Record<string, string>>({});
  // Spec 9: the export says how many rows it holds, before it is downloaded; the server counts the
  // file's acts with its filters, and says what is wrong with them as the file would.
  const query = queryOf(criteria);
  // Asked once the typing pauses: a date half typed is not an error yet.
  const [counted] = useDebouncedValue(JSON.stringify(query), COUNT_DELAY_MS);
  const count = useQuery({
    queryKey: queryKeys.resource.sareCount(counted),
    queryFn: () => api('GET', 'api.project_comments.sare_count', { query: JSON.parse(counted) as SareFilters }),
    placeholderData: (previous) => previous,
  });
  const countErrors = count.error instanceof ApiRequestError ? (count.error.payload.fieldErrors ?? {}) : {};
  const errors = { ...countErrors, ...downloadErrors };
  const [running, setRunning] = useState<Format | null>(null);
  const missionTitles = useRecordTitles('missions', criteria.mission);
  const adviserTitles = useRecordTitles(USERS_TARGET, criteria.conseiller);
  // A criterion changed: the last download's errors are the count's to say again, or not.
  const set =
    <K extends keyof Criteria>(name: K) =>
    (value: Criteria[K]) => {
      setCriteria((current) => ({ ...current, [name]: value }));
      setErrors({});
    };

  async function download(format: Format) {
    setRunning(format);
    setErrors({});
    try {
      const response = await fetch(path('api.project_comments.sare_export', { ...query, format } as never));
      if (response.status === 400) {
        setErrors(((await response.json()) as { fieldErrors?: Record<string, string> }).fieldErrors ?? {});
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      saveFile(response, [await response.arrayBuffer()], `export-sare.${format}`);
      toast.success(t('sare_export.done'));
    } catch {
      toast.error(t('export.failed'));
    } finally {
      setRunning(null);
    }
  }

  return (
    <Stack>
      <ScreenHeader title={title} />
      <Paper withBorder p="md" component="form" onSubmit={(event) => event.preventDefault()}>
        <Stack>
          <Text>{t('sare_export.intro')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateInput
              label={t('sare_export.from')}
              value={criteria.du}
              onChange={set('du')}
              error={errors.du}
              withTime={false}
            />
            <DateInput
              label={t('sare_export.to')}
              value={criteria.au}
              onChange={set('au')}
              error={errors.au}
              withTime={false}
            />
            <AutocompleteInput
              label={t('sare_export.mission')}
              suggestions={resourceSuggestions('missions')}
              known={missionTitles}
              value={criteria.mission}
              onChange={set('mission')}
              error={errors.mission}
            />
            <AutocompleteInput
              label={t('sare_export.adviser')}
              suggestions={resourceSuggestions(USERS_TARGET)}
              known={adviserTitles}
              value={criteria.conseiller}
              onChange={set('conseiller')}
              error={errors.conseiller}
            />
            <Select
              label={t('sare_export.act_type')}
              data={actTypes.map((type) => ({ value: type, label: type }))}
              value={criteria.typeActe}
              onChange={(value) => set('typeActe')(value as ActType | null)}
              error={errors.typeActe}
              clearable
            />
            <Select
              label={t('sare_export.ademe')}
              data={[
                { value: 'true', label: t('sare_export.ademe_only') },
                { value: 'false', label: t('sare_export.not_ademe') },
              ]}
              value={criteria.ademe}
              onChange={(value) => set('ademe')(value as Criteria['ademe'])}
              error={errors.ademe}
              clearable
              placeholder={t('sare_export.ademe_any')}
            />
          </SimpleGrid>
          <Text role="status" fw={500}>
            {count.data === undefined
              ? count.isFetching
                ? t('sare_export.counting')
                : ''
              : count.data.count === 0
                ? t('sare_export.empty')
                : t('sare_export.count', { count: count.data.count })}
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => void download('xlsx')}
              loading={running === 'xlsx'}
              disabled={running !== null}
            >
              {t('sare_export.download_xlsx')}
            </Button>
            <Button onClick={() => void download('txt')} loading={running === 'txt'} disabled={running !== null}>
              {t('sare_export.download_file')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
