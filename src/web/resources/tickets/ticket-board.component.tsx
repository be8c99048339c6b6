import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Board, BoardCard } from '../../../shared/resources/ticket-board';
import { nobody, can } from '../../../shared/permissions';
import { useSession } from '../../session.hook';
import { Loading } from '../../shell/loading.component';
import { toast } from '../../shell/toasts.component';
import { TicketModal } from './ticket.modal';
import { BoardColumn, type ColumnState } from './board-column.component';
import { BoardFilters, boardFilterNames } from './board-filters.component';
import { canReach, cardsByColumn, placeInColumn, planMove, type DropId } from './board-order';
import { StatusChangeModal } from './status-change.modal';
import { TicketCardContent } from './ticket-card.component';
import { useTicketBoard } from './ticket-board.hook';
import { TransitionModal } from './transition.modal';
import styles from './ticket-board.module.css';

/** A drop target's step (cards and columns carry it in their data). */
const stepOf = (container: { data: { current?: Record<string, unknown> | null } }) =>
  container.data.current?.step as number | undefined;

/**
 * Where a drag is: with the pointer, the card under it (else its column); with the keyboard (no
 * pointer), the closest by corners.
 */
const collisionDetection: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCorners(args);
  const hits = pointerWithin(args);
  const card = hits.find(({ id }) => typeof id === 'number');
  return card ? [card] : hits;
};

/** The board's query as the API takes it: the address's criteria, the project's own board's project. */
function boardQuery(params: URLSearchParams, project: number | undefined): string {
  const query = new URLSearchParams();
  for (const name of boardFilterNames) {
    const value = name === 'projet' && project !== undefined ? String(project) : params.get(name);
    if (value) query.set(name, value);
  }
  return query.toString();
}

/**
 * The screen reader's words while a card moves (dnd-kit's own are English): the card, the step it
 * is over and its place there, or that this step is out of its reach.
 */
function useAnnouncements(board: Board | undefined) {
  const { t } = useTranslation();
  // dnd-kit reports the card over itself as soon as it is picked up: only a new place is news.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  return useMemo(() => {
    const say = (key: string, values: Record<string, unknown>) =>
      t(`resources.tickets.board.announcements.${key}`, values);
    const cardOf = (id: UniqueIdentifier) => board?.cards.find((card) => card.id === id);
    const columnName = (step: number | undefined) => board?.columns.find((column) => column.id === step)?.name ?? '';
    const where = (active: UniqueIdentifier, over: UniqueIdentifier) => {
      const cards = board?.cards ?? [];
      const card = cardOf(active);
      const plan = card && planMove(cards, card.id, over as DropId);
      const step = plan?.step ?? card?.step;
      const count = cards.filter((candidate) => candidate.step === step && candidate.id !== card?.id).length + 1;
      const position = plan
        ? plan.before === null
          ? count
          : cards
              .filter((candidate) => candidate.step === step && candidate.id !== card?.id)
              .findIndex((candidate) => candidate.id === plan.before) + 1
        : placeInColumn(cards, card?.id ?? 0).position;
      return { title: card?.name ?? '', column: columnName(step), position, count, step, from: card?.step };
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return say('picked_up', { title: cardOf(active.id)?.name, column: columnName(cardOf(active.id)?.step) });
      },
      onDragOver: ({ active, over }) => {
        if (!over || over.id === lastOver.current) return undefined;
        lastOver.current = over.id;
        const place = where(active.id, over.id);
        const reachable = canReach(board?.columns ?? [], place.from ?? 0, place.step ?? 0);
        return say(reachable ? 'over' : 'over_refused', place);
      },
      onDragEnd: ({ active, over }) =>
        over ? say('dropped', where(active.id, over.id)) : say('dropped_nowhere', { title: cardOf(active.id)?.name }),
      onDragCancel: ({ active }) =>
        say('cancelled', { title: cardOf(active.id)?.name, column: columnName(cardOf(active.id)?.step) }),
    };
    return { announcements, screenReaderInstructions: { draggable: say('instructions', {}) } };
  }, [t, board]);
}

/**
 * A tickets' board (spec 2.3): the filters, then one column per step with its cards, moved by drag
 * and drop (pointer or keyboard) to the steps their own reaches. `project`: one project's board.
 */
export function TicketBoard({ project }: { project?: { id: number; title: string } }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const user = useSession().data?.user ?? nobody;
  const query = boardQuery(params, project?.id);
  const { board, move, pendingTransition, completeTransition, cancelTransition, replaceCard, refresh } =
    useTicketBoard(query);
  const [activeId, setActiveId] = useState<number | null>(null);
  // The ticket modal: closed (undefined), a new ticket (null) or a ticket.
  const [opened, setOpened] = useState<number | null | undefined>(undefined);
  const [statusOf, setStatusOf] = useState<BoardCard | null>(null);
  const data = board.data;

  const sensors = useSensors(
    // A click opens the card: a drag starts once the pointer has moved a little.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: useReachableCoordinates(data),
      // Enter opens the card: Space alone picks it up.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const accessibility = useAnnouncements(data);
  const byColumn = useMemo(() => (data ? cardsByColumn(data.columns, data.cards) : new Map()), [data]);
  const active = activeId === null ? undefined : data?.cards.find((card) => card.id === activeId);

  const onOpen = useCallback((id: number) => setOpened(id), []);
  const onChangeStatus = useCallback((card: BoardCard) => setStatusOf(card), []);

  function applyFilters(criteria: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(criteria)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
  }

  function onDragStart({ active: dragged }: DragStartEvent) {
    setActiveId(Number(dragged.id));
  }

  function onDragEnd({ active: dragged, over }: DragEndEvent) {
    setActiveId(null);
    if (!data || !over) return;
    const card = data.cards.find((candidate) => candidate.id === dragged.id);
    const plan = card && planMove(data.cards, card.id, over.id as DropId);
    if (!card || !plan) return;
    if (!canReach(data.columns, card.step, plan.step)) {
      const name = (step: number) => data.columns.find((column) => column.id === step)?.name ?? '';
      // The server's own refusal, said before asking it.
      toast.error(t('tickets.errors.unreachable_step', { from: name(card.step), to: name(plan.step) }));
      return;
    }
    void move(plan);
  }

  function columnState(column: number): ColumnState {
    if (!active || !data) return 'idle';
    if (active.step === column) return 'source';
    return canReach(data.columns, active.step, column) ? 'allowed' : 'refused';
  }

  const pendingCard = pendingTransition && data?.cards.find((card) => card.id === pendingTransition.move.ticket);
  const pendingStep = pendingTransition && data?.columns.find((column) => column.id === pendingTransition.move.step);

  return (
    <Stack>
      <BoardFilters params={params} withProject={!project} onApply={applyFilters} />
      {can(user, 'tickets', 'create') && (
        <Group>
          <Button onClick={() => setOpened(null)}>{t('resources.tickets.board.new_ticket')}</Button>
        </Group>
      )}
      {board.error && <Alert color="red">{board.error.message || t('errors.generic')}</Alert>}
      {!data && !board.error && <Loading />}
      {data && (
        <DndContext
          sensors={sensors}
          collisionDetection={collisionDetection}
          accessibility={accessibility}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setActiveId(null)}
        >
          <div className={styles.columns} role="group" aria-label={t('resources.tickets.board.columns_label')}>
            {data.columns.map((column) => (
              <BoardColumn
                key={column.id}
                column={column}
                cards={byColumn.get(column.id) ?? []}
                state={columnState(column.id)}
                showProject={!project}
                onOpen={onOpen}
                onChangeStatus={onChangeStatus}
              />
            ))}
          </div>
          <DragOverlay dropAnimation={null}>
            {active && (
              <div
                className={styles.overlay}
                data-status={active.status}
                style={active.color ? { borderLeftColor: active.color } : undefined}
              >
                <div className={styles.cardBody}>
                  <TicketCardContent card={active} showProject={!project} />
                </div>
              </div>
            )}
          </DragOverlay>
        </DndContext>
      )}
      {opened !== undefined && (
        <TicketModal
          ticketId={opened}
          project={project}
          onSaved={() => {
            setOpened(undefined);
            void refresh();
          }}
          onClose={() => setOpened(undefined)}
        />
      )}
      {statusOf && (
        <StatusChangeModal
          card={statusOf}
          onSaved={(card) => {
            replaceCard(card);
            setStatusOf(null);
          }}
          onClose={() => setStatusOf(null)}
        />
      )}
      {pendingTransition && (
        <TransitionModal
          form={pendingTransition.form}
          ticketName={pendingCard?.name ?? ''}
          stepName={pendingStep?.name ?? ''}
          onSubmit={completeTransition}
          onClose={cancelTransition}
        />
      )}
    </Stack>
  );
}

/**
 * The keyboard's moves (arrows, as a sortable list's) among the drop targets the dragged card may
 * reach: its own column and the steps its step leads to.
 */
function useReachableCoordinates(board: Board | undefined): KeyboardCoordinateGetter {
  return useCallback<KeyboardCoordinateGetter>(
    (event, args) => {
      const { active, droppableContainers } = args.context;
      const from = board?.cards.find((card) => card.id === active?.id)?.step;
      const columns = board?.columns ?? [];
      const reachable = {
        ...droppableContainers,
        get: (id: UniqueIdentifier) => droppableContainers.get(id),
        getEnabled: () =>
          droppableContainers
            .getEnabled()
            .filter((container) => from === undefined || canReach(columns, from, stepOf(container) ?? -1)),
      } as typeof droppableContainers;
      return sortableKeyboardCoordinates(event, {
        ...args,
        context: { ...args.context, droppableContainers: reachable },
      });
    },
    [board],
  );
}
