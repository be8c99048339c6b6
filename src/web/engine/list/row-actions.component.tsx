import { ActionIcon, Group, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconEye, IconPencil, IconPencilBolt, IconTrash, IconZoomIn } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResourceAction } from '../../../shared/permissions';
import { canOnRecord, recordTitle, type ResourceRecord } from '../../../shared/resources/resource';
import { path } from '../../../shared/routes';
import { useDialogs } from '../../shell/dialogs.component';
import { PublishToggle } from '../publish-toggle.component';
import { RowDownloads } from '../record-commands.component';
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

/** An entry of a row's "more actions" menu: a link when given `to`. */
interface MoreAction {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
}

/**
 * The actions a row uses less often (preview, edit in a window, clone), behind one button: the row
 * keeps show, edit and delete in view and leaves its width to the data (spec 2.2's lists at 1 366 px).
 */
function MoreActions({ title, actions }: { title: string; actions: MoreAction[] }) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('engine.row_more', { title })} {...iconLabelled}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map(({ label, icon, to, onClick }) =>
          to ? (
            <Menu.Item key={label} leftSection={icon} component={Link} to={to}>
              {label}
            </Menu.Item>
          ) : (
            <Menu.Item key={label} leftSection={icon} onClick={onClick}>
              {label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * What a user may do to one record of the list, each action naming the record's whole title:
 * publish, show, edit, delete in view; preview, edit in a window and clone in the "more" menu.
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
  const preview: MoreAction = {
    label: t('engine.row_preview', { title }),
    icon: icon(IconZoomIn),
    onClick: () => setOpened('preview'),
  };

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
      <RowAction label={t('engine.row_show', { title })} icon={icon(IconEye)} to={recordPath(record.id)} />
      <RowDownloads definition={definition} record={record} user={user} title={title} />
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
          <MoreActions title={title} actions={[preview]} />
        </>
      ) : (
        <OwnRowActions record={record} title={title} preview={preview} onEdit={() => setOpened('edit')} />
      )}
      {opened === 'preview' && <PreviewModal definition={definition} record={record} onClose={close} />}
      {opened === 'edit' && <EditModal definition={definition} record={record} parent={parent} onClose={close} />}
    </Group>
  );
}

/** A record's own actions in its resource's list: edit (page or modal), clone, delete, with the preview. */
function OwnRowActions({
  record,
  title,
  preview,
  onEdit,
}: {
  record: ResourceRecord;
  title: string;
  preview: MoreAction;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const { definition, user, canCreate, canUpdate, canDelete, refresh } = useListContext();
  const { slug, behaviours } = definition;
  const { CloneAction } = useWebModule(slug);
  const may = (action: ResourceAction) => canOnRecord(user, definition, record, action);
  const icon = (Icon: typeof IconEye) => <Icon size={18} aria-hidden />;
  const editable = canUpdate && may('update');
  const more: MoreAction[] = [
    preview,
    ...(editable && behaviours.modalEdit
      ? [{ label: t('engine.row_edit_modal', { title }), icon: icon(IconPencilBolt), onClick: onEdit }]
      : []),
    // A resource's own clone (a project's: a dialog saying what is copied) stays a button of the row.
    ...(canCreate && behaviours.clonable && !CloneAction
      ? [
          {
            label: t('engine.row_clone', { title }),
            icon: icon(IconCopy),
            to: path('admin.resource.clone', { resource: slug, id: record.id }),
          },
        ]
      : []),
  ];
  return (
    <>
      {editable && (
        <RowAction
          label={t('engine.row_edit', { title })}
          icon={icon(IconPencil)}
          to={path('admin.resource.edit', { resource: slug, id: record.id })}
        />
      )}
      {canCreate && behaviours.clonable && CloneAction && <CloneAction record={record} title={title} />}
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
      <MoreActions title={title} actions={more} />
    </>
  );
}
