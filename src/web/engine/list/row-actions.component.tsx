import { ActionIcon, Group } from '@mantine/core';
import { IconCopy, IconEye, IconPencil, IconPencilBolt, IconTrash, IconZoomIn } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResourceAction } from '../../../shared/permissions';
import { canOnRecord, recordTitle, type ResourceRecord } from '../../../shared/resources/resource';
import { path } from '../../../shared/routes';
import { useDialogs } from '../../shell/dialogs.component';
import { PublishToggle } from '../publish-toggle.component';
import { EditModal } from '../resource-edit.modal';
import { PreviewModal } from '../resource-preview.modal';
import { useRecordPath, useWebModule } from '../web-module';
import { iconLabelled } from './icon-labels.component';
import { useListContext } from './list-context.hook';

/** An icon button, its name in the list's tooltip: a link when given `to`. */
export function RowAction({
  label,
  icon,
  to,
  onClick,
  color,
}: {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  color?: string;
}) {
  return to ? (
    <ActionIcon variant="subtle" component={Link} to={to} aria-label={label} {...iconLabelled}>
      {icon}
    </ActionIcon>
  ) : (
    <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} {...iconLabelled}>
      {icon}
    </ActionIcon>
  );
}

/**
 * What a user may do to one record of the list, each button naming the record's whole title:
 * publish, preview, show, edit (page or modal), clone, delete.
 */
export function RowActions({ record }: { record: ResourceRecord }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const { definition, user, canUpdate, refresh, parent } = useListContext();
  const recordPath = useRecordPath(definition.slug);
  const { slug, behaviours } = definition;
  const [opened, setOpened] = useState<'preview' | 'edit' | null>(null);
  const title = recordTitle(definition, record);
  const may = (action: ResourceAction) => canOnRecord(user, definition, record, action);
  const icon = (Icon: typeof IconEye) => <Icon size={18} aria-hidden />;
  const close = () => setOpened(null);

  return (
    <Group gap={4} wrap="nowrap">
      {behaviours.publishable && canUpdate && may('update') && (
        <PublishToggle
          // Remounted with a fresh state when the list is fetched again.
          key={`${record.id}-${String(record.published)}`}
          slug={slug}
          id={record.id}
          title={title}
          published={record.published === true}
        />
      )}
      <RowAction
        label={t('engine.row_preview', { title })}
        icon={icon(IconZoomIn)}
        onClick={() => setOpened('preview')}
      />
      <RowAction label={t('engine.row_show', { title })} icon={icon(IconEye)} to={recordPath(record.id)} />
      {parent ? (
        // A child record: edited and deleted in place, through its parent's routes, as its own permissions allow.
        <>
          {may('update') && (
            <RowAction
              label={t('engine.row_edit', { title })}
              icon={icon(IconPencil)}
              onClick={() => setOpened('edit')}
            />
          )}
          {may('delete') && (
            <RowAction
              label={t('engine.row_delete', { title })}
              icon={icon(IconTrash)}
              color="red"
              onClick={() =>
                dialogs.delete(
                  { body: t('engine.delete_body', { title }) },
                  path('api.resource.child_delete', {
                    resource: parent.slug,
                    id: parent.id,
                    child: slug,
                    childId: record.id,
                  }),
                  () => void refresh(),
                )
              }
            />
          )}
        </>
      ) : (
        <OwnRowActions record={record} title={title} onEdit={() => setOpened('edit')} />
      )}
      {opened === 'preview' && <PreviewModal definition={definition} record={record} onClose={close} />}
      {opened === 'edit' && <EditModal definition={definition} record={record} parent={parent} onClose={close} />}
    </Group>
  );
}

/** A record's own actions in its resource's list: edit (page or modal), clone, delete. */
function OwnRowActions({ record, title, onEdit }: { record: ResourceRecord; title: string; onEdit: () => void }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const { definition, user, canCreate, canUpdate, canDelete, refresh } = useListContext();
  const { slug, behaviours } = definition;
  const { CloneAction } = useWebModule(slug);
  const may = (action: ResourceAction) => canOnRecord(user, definition, record, action);
  const icon = (Icon: typeof IconEye) => <Icon size={18} aria-hidden />;
  return (
    <>
      {canUpdate && may('update') && (
        <RowAction
          label={t('engine.row_edit', { title })}
          icon={icon(IconPencil)}
          to={path('admin.resource.edit', { resource: slug, id: record.id })}
        />
      )}
      {canUpdate && may('update') && behaviours.modalEdit && (
        <RowAction label={t('engine.row_edit_modal', { title })} icon={icon(IconPencilBolt)} onClick={onEdit} />
      )}
      {canCreate && behaviours.clonable && CloneAction && <CloneAction record={record} title={title} />}
      {canCreate && behaviours.clonable && !CloneAction && (
        <RowAction
          label={t('engine.row_clone', { title })}
          icon={icon(IconCopy)}
          to={path('admin.resource.clone', { resource: slug, id: record.id })}
        />
      )}
      {canDelete && may('delete') && (
        <RowAction
          label={t('engine.row_delete', { title })}
          icon={icon(IconTrash)}
          color="red"
          onClick={() =>
            dialogs.delete(
              { body: t('engine.delete_body', { title }) },
              path('api.resource.delete', { resource: slug, id: record.id }),
              () => void refresh(),
            )
          }
        />
      )}
    </>
  );
}
