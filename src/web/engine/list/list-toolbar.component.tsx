import { Button, Menu } from '@mantine/core';
import { IconArrowsSort, IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can } from '../../../shared/permissions';
import { isImportable } from '../../../shared/resources/import';
import { path } from '../../../shared/routes';
import { ScreenHeader } from '../../shell/screen-header.component';
import { ExportModal, type ExportFormat } from '../resource-export.modal';
import { ImportModal } from '../resource-import.modal';
import { criteriaNames } from '../resource-filters.component';
import { addLabel } from '../add-label';
import { useListContext } from './list-context.hook';

/** The list's title and what it offers besides its rows: sort, export, import, add. */
export function ListToolbar({ title }: { title: string }) {
  const { t } = useTranslation();
  const { definition, user, query, page, canCreate } = useListContext();
  const { slug } = definition;
  const [exportFormat, setExportFormat] = useState<ExportFormat | null>(null);
  const [importOpened, setImportOpened] = useState(false);
  // The export holds what the list shows: same criteria, same order.
  const exportCriteria = Object.fromEntries(
    [...criteriaNames(definition, Object.keys(query)), 'tri', 'ordre'].flatMap((name) =>
      query[name] ? [[name, query[name]]] : [],
    ),
  );
  return (
    <ScreenHeader title={title}>
      {definition.behaviours.sortable && can(user, slug, 'sort') && (
        <Button
          variant="default"
          component={Link}
          to={path('admin.resource.sort', { resource: slug })}
          leftSection={<IconArrowsSort size={16} aria-hidden />}
        >
          {t('engine.sort')}
        </Button>
      )}
      {definition.behaviours.exportable && can(user, slug, 'export') && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
              {t('export.menu')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setExportFormat('csv')}>{t('export.csv')}</Menu.Item>
            <Menu.Item onClick={() => setExportFormat('xlsx')}>{t('export.xlsx')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      {isImportable(definition) && canCreate && (
        <Button
          variant="default"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => setImportOpened(true)}
        >
          {t('import.menu')}
        </Button>
      )}
      {canCreate && (
        <Button
          component={Link}
          to={path('admin.resource.create', { resource: slug })}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {addLabel(t, slug)}
        </Button>
      )}
      {exportFormat && (
        <ExportModal
          definition={definition}
          format={exportFormat}
          criteria={exportCriteria}
          total={page?.total ?? 0}
          onClose={() => setExportFormat(null)}
        />
      )}
      {importOpened && <ImportModal definition={definition} onClose={() => setImportOpened(false)} />}
    </ScreenHeader>
  );
}
