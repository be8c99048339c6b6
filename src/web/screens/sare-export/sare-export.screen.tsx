import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actTypes } from '../../../shared/resources/commentaires-projet.resource';
import { USERS_TARGET } from '../../../shared/resources/fields';
import { path } from '../../../shared/routes';
import { AutocompleteInput, resourceSuggestions, useRecordTitles } from '../../engine/autocomplete-input.component';
import { DateInput } from '../../engine/date-input.component';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { PageGuard } from '../../shell/page-guard.component';
import { saveFile } from '../../shell/save-file';
import { ScreenHeader } from '../../shell/screen-header.component';
import { toast } from '../../shell/toasts.component';

type Format = 'txt' | 'xlsx';

interface Criteria {
  du: string | null;
  au: string | null;
  mission: number | null;
  conseiller: number | null;
  typeActe: string | null;
  ademe: string | null;
}

const noCriteria: Criteria = { du: null, au: null, mission: null, conseiller: null, typeActe: null, ademe: null };

/** The criteria given, as the export's query. */
const queryOf = (criteria: Criteria): Record<string, string | number> =>
  Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== null && value !== ''));

/**
 * The advice acts' export in ADEME's SARE format (spec 2.3: a filter form, then the file): acts by date
 * range, mission, adviser, act type and ADEME flag; the file for ADEME, or the same selection as a
 * spreadsheet to check by hand. The server says in French what is wrong with the criteria.
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
  const [criteria, setCriteria] = useState<Criteria>(noCriteria);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [running, setRunning] = useState<Format | null>(null);
  const missionTitles = useRecordTitles('missions', criteria.mission);
  const adviserTitles = useRecordTitles(USERS_TARGET, criteria.conseiller);
  const set =
    <K extends keyof Criteria>(name: K) =>
    (value: Criteria[K]) =>
      setCriteria((current) => ({ ...current, [name]: value }));

  async function download(format: Format) {
    setRunning(format);
    setErrors({});
    try {
      const response = await fetch(path('api.project_comments.sare_export', { ...queryOf(criteria), format }));
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
              onChange={set('typeActe')}
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
              onChange={set('ademe')}
              error={errors.ademe}
              clearable
              placeholder={t('sare_export.ademe_any')}
            />
          </SimpleGrid>
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
