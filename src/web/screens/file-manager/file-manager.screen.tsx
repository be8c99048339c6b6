// The page stands alone in its frame, without the back office's layout: Mantine's stylesheet comes with it.
import '@mantine/core/styles.css';
import {
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Center,
  FileButton,
  Group,
  Modal,
  ScrollArea,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconFile, IconFolder } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import {
  FILE_MANAGER_FOLDER,
  MEDIA_STORE_FOLDER,
  fileStores,
  type FileEntry,
  type FileSort,
  type FileStore,
} from '../../../shared/api/file-manager.contract';
import { formatDateTime } from '../../../shared/i18n/format';
import { can, type PermissionHolder } from '../../../shared/permissions';
import { path } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { queryKeys } from '../../query-keys';
import { useSession } from '../../session.hook';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { FILE_CHOSEN, chosenFile, type FileChosenMessage } from '../../shell/file-manager.protocol';
import { Loading } from '../../shell/loading.component';
import { toast } from '../../shell/toasts.component';

const failure = (error: unknown, fallback: string) => (error instanceof ApiRequestError ? error.message : fallback);

/** A size in bytes, kilobytes or megabytes, in the page's language. */
function useFormatSize() {
  const { t, i18n } = useTranslation();
  return (bytes: number | null) => {
    if (bytes === null) return '';
    const number = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
    if (bytes < 1024) return t('file_manager.units.bytes', { value: number(bytes) });
    if (bytes < 1024 * 1024) return t('file_manager.units.kb', { value: number(bytes / 1024) });
    return t('file_manager.units.mb', { value: number(bytes / 1024 / 1024) });
  };
}

/**
 * The file manager (spec 1, 9): its own page, shown in a framed window of 880 by 570 by
 * FileManagerModal. ?champ= names the opener's field: each file then has a "Choisir" button that
 * posts it to the opener (same origin only); ?magasins= the stores it offers (all by default).
 */
export function FileManagerScreen() {
  const { data: session, isPending } = useSession();
  const location = useLocation();
  if (isPending) {
    return (
      <Center h="100vh">
        <Loading />
      </Center>
    );
  }
  if (!session) {
    return <Navigate to={path('admin.login', { redirect: location.pathname + location.search })} replace />;
  }
  return <FileManager user={session.user} />;
}

/** The stores a user may open: media to who may read media items, mails' attachments to who may read projects. */
function mayOpen(user: PermissionHolder, store: FileStore): boolean {
  if (store === 'media') return can(user, MEDIA_STORE_FOLDER, 'show');
  if (store === 'emails') return user.isAdmin || can(user, 'projet', 'show');
  return true;
}

function FileManager({ user }: { user: PermissionHolder }) {
  const { t } = useTranslation();
  useDocumentTitle(t('file_manager.title'));
  const [params] = useSearchParams();
  const field = params.get('champ');
  const offered = (params.get('magasins') ?? '')
    .split(',')
    .filter((s): s is FileStore => fileStores.includes(s as FileStore));
  const stores = (offered.length > 0 ? offered : [...fileStores]).filter((name) => mayOpen(user, name));
  if (stores.length === 0) stores.push('uploads');
  const [store, setStore] = useState<FileStore>(stores[0]!);
  const [folder, setFolder] = useState('');
  const [sort, setSort] = useState<FileSort>('nom');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [renaming, setRenaming] = useState<FileEntry | null>(null);
  const [deleting, setDeleting] = useState<FileEntry | null>(null);
  const [uploading, setUploading] = useState(false);
  const queryClient = useQueryClient();
  const formatSize = useFormatSize();

  const listing = useQuery({
    queryKey: queryKeys.fileManager.folder(store, folder, sort, order),
    queryFn: () =>
      api('GET', 'api.file_manager.list', { query: { magasin: store, dossier: folder, tri: sort, ordre: order } }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.fileManager.all });

  function openStore(next: string | null) {
    if (!next) return;
    setStore(next as FileStore);
    setFolder('');
  }

  function sortBy(column: FileSort) {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder('asc');
    }
  }

  async function send(file: File | null) {
    if (!file) return;
    setUploading(true);
    try {
      await api('POST', 'api.upload', {
        query: { dossier: folder || FILE_MANAGER_FOLDER, nom: file.name },
        body: file,
      });
      toast.success(t('file_manager.uploaded', { name: file.name }));
      if (!folder) setFolder(FILE_MANAGER_FOLDER);
      await refresh();
    } catch (error) {
      toast.error(failure(error, t('errors.upload')));
    } finally {
      setUploading(false);
    }
  }

  function choose(entry: FileEntry) {
    if (!field) return;
    const message: FileChosenMessage = { type: FILE_CHOSEN, field, file: chosenFile(store, entry) };
    // Only to a window of this origin: the back office that opened the frame.
    window.parent.postMessage(message, window.location.origin);
  }

  const column = (name: FileSort, label: string) => {
    const active = sort === name;
    return (
      <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton
          onClick={() => sortBy(name)}
          aria-label={t('file_manager.sort_by', { column: label })}
          fw={700}
          fz="sm"
        >
          <Group gap={4} wrap="nowrap">
            {label}
            {active &&
              (order === 'asc' ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />)}
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  const entries = listing.data?.entries ?? [];
  return (
    <Box p="sm">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={1} size="h4">
          {t('file_manager.title')}
        </Title>
        {listing.data?.canUpload && (
          <FileButton onChange={(file) => void send(file)}>
            {(props) => (
              <Button {...props} size="xs" loading={uploading}>
                {t('file_manager.upload')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <Tabs value={store} onChange={openStore} mb="xs">
        <Tabs.List aria-label={t('file_manager.stores_label')}>
          {stores.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`file_manager.stores.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Box component="nav" aria-label={t('file_manager.breadcrumb')} mb="xs">
        <Breadcrumbs>
          <Anchor component="button" type="button" size="sm" onClick={() => setFolder('')}>
            {t(`file_manager.stores.${store}`)}
          </Anchor>
          {folder && (
            <Text size="sm" aria-current="location">
              {folder}
            </Text>
          )}
        </Breadcrumbs>
      </Box>
      {listing.isError && (
        <Alert color="red" role="alert">
          {failure(listing.error, t('file_manager.failed'))}
        </Alert>
      )}
      {listing.isPending ? (
        <Loading />
      ) : (
        // The table's height: the window's less 120 pixels (spec 9).
        <ScrollArea.Autosize mah="calc(100vh - 120px)">
          <Table striped highlightOnHover stickyHeader verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('file_manager.columns.preview')}</Table.Th>
                {column('nom', t('file_manager.columns.name'))}
                {column('date', t('file_manager.columns.date'))}
                {column('taille', t('file_manager.columns.size'))}
                <Table.Th>{t('file_manager.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm">{t('file_manager.empty')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {entries.map((entry) => (
                <Table.Tr key={entry.path}>
                  <Table.Td w={56}>
                    {entry.kind === 'image' ? (
                      <img
                        src={path('api.file_manager.preview', { magasin: store, chemin: entry.path })}
                        alt=""
                        width={40}
                        height={40}
                        style={{ objectFit: 'cover', display: 'block' }}
                        loading="lazy"
                      />
                    ) : entry.kind === 'folder' ? (
                      <IconFolder size={24} aria-label={t('file_manager.kinds.folder')} />
                    ) : (
                      <IconFile size={24} aria-label={t('file_manager.kinds.other')} />
                    )}
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    {entry.kind === 'folder' ? (
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => setFolder(entry.path)}
                        aria-label={t('file_manager.open_folder', { name: entry.name })}
                      >
                        {entry.name}
                      </Anchor>
                    ) : (
                      <Anchor size="sm" href={entry.url ?? undefined} target="_blank" rel="noopener">
                        {entry.name}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td fz="sm">{entry.modifiedAt ? formatDateTime(entry.modifiedAt) : ''}</Table.Td>
                  <Table.Td fz="sm">{formatSize(entry.size)}</Table.Td>
                  <Table.Td>
                    {entry.kind !== 'folder' && (
                      <Group gap={4} wrap="nowrap">
                        {field && (
                          <Button
                            size="compact-xs"
                            onClick={() => choose(entry)}
                            aria-label={t('file_manager.choose_named', { name: entry.name })}
                          >
                            {t('file_manager.choose')}
                          </Button>
                        )}
                        {entry.editable && (
                          <>
                            <Button
                              size="compact-xs"
                              variant="default"
                              onClick={() => setRenaming(entry)}
                              aria-label={t('file_manager.rename_named', { name: entry.name })}
                            >
                              {t('file_manager.rename')}
                            </Button>
                            <Button
                              size="compact-xs"
                              color="red.8"
                              onClick={() => setDeleting(entry)}
                              aria-label={t('file_manager.delete_named', { name: entry.name })}
                            >
                              {t('file_manager.delete')}
                            </Button>
                          </>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {renaming && (
        <RenameModal store={store} entry={renaming} onClose={() => setRenaming(null)} onDone={() => void refresh()} />
      )}
      {deleting && (
        <DeleteModal store={store} entry={deleting} onClose={() => setDeleting(null)} onDone={() => void refresh()} />
      )}
    </Box>
  );
}

interface EntryModalProps {
  store: FileStore;
  entry: FileEntry;
  onClose: () => void;
  onDone: () => void;
}

function RenameModal({ store, entry, onClose, onDone }: EntryModalProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(entry.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const renamed = await api('POST', 'api.file_manager.rename', {
        body: { magasin: store, chemin: entry.path, nom: name },
      });
      toast.success(t('file_manager.renamed', { name: renamed.name }));
      onDone();
      onClose();
    } catch (failed) {
      setError(failure(failed, t('errors.generic')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('file_manager.rename_title', { name: entry.name })}
      closeButtonProps={{ 'aria-label': t('file_manager.cancel') }}
    >
      <form onSubmit={(event) => void submit(event)}>
        <TextInput
          label={t('file_manager.new_name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          required
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('file_manager.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('file_manager.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

function DeleteModal({ store, entry, onClose, onDone }: EntryModalProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    setError(null);
    try {
      await api('POST', 'api.file_manager.delete', { body: { magasin: store, chemin: entry.path } });
      toast.success(t('file_manager.deleted', { name: entry.name }));
      onDone();
      onClose();
    } catch (failed) {
      setError(failure(failed, t('errors.generic')));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('file_manager.delete_title')}
      closeButtonProps={{ 'aria-label': t('file_manager.cancel') }}
    >
      <Text size="sm">{t('file_manager.delete_body', { name: entry.name })}</Text>
      {error && (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('file_manager.cancel')}
        </Button>
        <Button color="red" loading={deleting} onClick={() => void confirm()}>
          {t('file_manager.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
