import { Box, Button, Group, Kbd, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchKindResources, searchKinds, SEARCH_MIN_LENGTH, type SearchItem } from '../../shared/search/search';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

/** How long typing pauses before the search is asked. */
const TYPING_PAUSE_MS = 200;

/**
 * The header's search across everything (docs/search.md): a button, or Ctrl+K (Cmd+K on a Mac)
 * anywhere, opens a dialog whose field is an ARIA combobox over a listbox of the records found,
 * grouped by kind. The arrows move among them, Enter opens the one chosen, Escape closes.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // Anywhere, a form's field included: the shortcut is the search's, not the browser's.
  useHotkeys([['mod+K', () => setOpened(true)]], []);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <Kbd size="xs" aria-hidden>
            {t('search.shortcut')}
          </Kbd>
        }
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpened(true)}
      >
        {t('search.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('search.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        {opened && <SearchDialogBody onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function SearchDialogBody({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const [active, setActive] = useState(0);
  const enough = typed.length >= SEARCH_MIN_LENGTH;
  const { data, isFetching, isError } = useQuery({
    queryKey: queryKeys.search(typed),
    queryFn: () => api('GET', 'api.search', { query: { q: typed } }),
    enabled: enough,
    staleTime: 0,
  });
  const items = enough ? (data?.items ?? []) : [];
  const groups = searchKinds
    .map((kind) => ({ kind, items: items.filter((item) => item.type === kind) }))
    .filter((group) => group.items.length > 0);
  // The options in the order shown (grouped), so that the arrows follow the screen.
  const ordered = groups.flatMap((group) => group.items);
  const current = Math.min(active, ordered.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;
  const listboxId = `${id}-listbox`;

  const open = (item: SearchItem) => {
    onDone();
    void navigate(item.url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (ordered.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + ordered.length) % ordered.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(ordered[current]!);
    }
  };

  const positions = new Map(ordered.map((item, position) => [item, position]));
  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        label={t('search.input_label')}
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={isFetching ? <Loader size="xs" aria-label={t('search.searching')} /> : null}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={ordered.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={ordered.length > 0 ? optionId(current) : undefined}
        autoComplete="off"
      />
      <Text size="xs" c="dimmed">
        {t('search.hint')}
      </Text>
      <div role="status" aria-live="polite">
        {isError && <Text size="sm">{t('search.failed')}</Text>}
        {enough && !isFetching && !isError && data && ordered.length === 0 && (
          <Text size="sm">{t('search.none', { q: typed })}</Text>
        )}
      </div>
      <Box id={listboxId} role="listbox" aria-label={t('search.results')} hidden={ordered.length === 0}>
        {groups.map((group) => (
          <Box key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`} mb="xs">
            <Text id={`${id}-${group.kind}`} size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
              {t(`resources.${searchKindResources[group.kind]}.label`)}
            </Text>
            {group.items.map((item) => {
              const position = positions.get(item)!;
              const selected = position === current;
              return (
                <UnstyledButton
                  key={`${item.type}-${item.id}`}
                  id={optionId(position)}
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  onMouseEnter={() => setActive(position)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => open(item)}
                  w="100%"
                  px="sm"
                  py={6}
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: selected ? 'var(--mantine-color-blue-light)' : undefined,
                  }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Text size="sm" fw={selected ? 600 : 400} truncate>
                      {item.title}
                    </Text>
                    {item.subtitle && (
                      <Text size="xs" c="dimmed" truncate>
                        {item.subtitle}
                      </Text>
                    )}
                  </Group>
                </UnstyledButton>
              );
            })}
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
