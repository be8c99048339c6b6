import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { recordTitle, type ResourceDefinition, type ResourceRecord } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { ApiRequestError, api } from '../api-client';
import { ErrorScreen, errorStatusOfFailure } from '../shell/error.screen';
import { useDocumentTitle } from '../shell/document-title.hook';
import { ScreenHeader } from '../shell/screen-header.component';
import { toast } from '../shell/toasts.component';
import { useUnsavedChangesGuard } from '../shell/unsaved-changes.hook';
import { useRefreshResource, useResourcePage } from './resource-api.hook';
import { Loading } from '../shell/loading.component';

/** The most records one arrangement shows: sortable resources are short reference lists. */
const SORT_PAGE_SIZE = '100';

function SortableRow({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
    // dnd-kit's own is "draggable".
    attributes: { roleDescription: t('engine.sort_announcements.role') },
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      component="li"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        listStyle: 'none',
      }}
    >
      <Group gap="sm">
        <ActionIcon variant="subtle" aria-label={t('engine.drag_handle', { title })} {...attributes} {...listeners}>
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Text>{title}</Text>
      </Group>
    </Paper>
  );
}

/**
 * What a screen reader hears while an item is moved with the keyboard, in the interface's language
 * (dnd-kit's own are English): the item's title and its position among the records.
 */
function useSortAnnouncements(items: ResourceRecord[], titleOf: (item: ResourceRecord) => string) {
  const { t } = useTranslation();
  const count = items.length;
  const title = (id: UniqueIdentifier) => {
    const item = items.find((record) => record.id === id);
    return item ? titleOf(item) : '';
  };
  const position = (id: UniqueIdentifier | undefined) => items.findIndex((record) => record.id === id) + 1;
  const say = (key: string, id: UniqueIdentifier, at: UniqueIdentifier | undefined) =>
    t(`engine.sort_announcements.${key}`, { title: title(id), position: position(at), count });
  // dnd-kit reports the item over itself as soon as it is picked up: only a new place is news.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return say('picked_up', active.id, active.id);
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return say('moved', active.id, over.id);
    },
    onDragEnd: ({ active, over }) => say('dropped', active.id, over?.id ?? active.id),
    onDragCancel: ({ active }) => say('cancelled', active.id, active.id),
  };
  return { announcements, screenReaderInstructions: { draggable: t('engine.sort_announcements.instructions') } };
}

/** organiser: drag the records (or move them with the keyboard), then save their order. */
export function ResourceSortScreen({ definition }: { definition: ResourceDefinition }) {
  const { t } = useTranslation();
  const { slug } = definition;
  const heading = t('engine.sort_title', { resource: t(`resources.${slug}.label`) });
  useDocumentTitle(heading);
  const { data: page, error } = useResourcePage(definition, { tri: 'position', ordre: 'asc', parPage: SORT_PAGE_SIZE });
  const [order, setOrder] = useState<ResourceRecord[] | null>(null);
  const [saving, setSaving] = useState(false);
  const refresh = useRefreshResource(definition);
  const navigate = useNavigate();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [saved, setSaved] = useState(false);
  const items = order ?? page?.items ?? [];
  const accessibility = useSortAnnouncements(items, (item) => recordTitle(definition, item));
  useUnsavedChangesGuard(order !== null && !saving && !saved);
  // Leaves once the guard has been lifted by a render: navigating in the same tick would meet it.
  useEffect(() => {
    if (saved) void navigate(path('admin.resource.list', { resource: slug }));
  }, [saved, navigate, slug]);

  if (error && !page) return <ErrorScreen status={errorStatusOfFailure(error)} />;
  if (!page) return <Loading />;

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    setOrder(arrayMove(items, from, to));
  }

  async function save() {
    setSaving(true);
    try {
      await api('POST', 'api.resource.reorder', {
        params: { resource: slug },
        body: { ids: items.map((item) => item.id) },
      });
      toast.success(t('success.saved'));
      await refresh();
      setSaved(true);
    } catch (error) {
      setSaving(false);
      toast.error(error instanceof ApiRequestError ? error.message : t('errors.generic'));
    }
  }

  return (
    <Stack>
      <ScreenHeader title={heading} />
      <Text size="sm" c="dimmed">
        {t('engine.sort_help')}
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={accessibility}
      >
        <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <Stack component="ol" gap="xs" p={0} m={0} aria-label={heading}>
            {items.map((item) => (
              <SortableRow key={item.id} id={item.id} title={recordTitle(definition, item)} />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <Group justify="flex-end">
        <Button variant="default" component={Link} to={path('admin.resource.list', { resource: slug })}>
          {t('engine.back_to_list')}
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={order === null}>
          {t('engine.save_order')}
        </Button>
      </Group>
    </Stack>
  );
}
