import {
  DndContext,
  DragOverlay,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { Alert, Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Board, BoardCard } from '../../../shared/resources/ticket-board';
import { nobody, can } from '../../../shared/permissions';
import { addLabel } from '../../engine/add-label';
import { useSession } from '../../session.hook';
import { Loading } from '../../shell/loading.component';
import { toast } from '../../shell/toasts.component';
import { TicketModal } from './ticket.modal';
import { useTicketAddress } from './ticket-address.hook';
import { BoardColumn, type ColumnState } from './board-column.component';
import { BoardFilters, boardFilterNames } from './board-filters.component';
import {
  beforeOf,
  canReach,
  cardsByColumn,
  columnList,
  planMove,
  readSlots,
  slotAt,
  stepOfDropId,
} from './board-order';
import { StatusChangeModal } from './status-change.modal';
import { TicketCardContent } from './ticket-card.component';
import { useTicketBoard } from './ticket-board.hook';
import { TransitionModal } from './transition.modal';
import styles from './ticket-board.module.css';

/**
 * Which column a drag is over: with the pointer, the one under it; with the keyboard (no pointer),
 * the one the moved card's box overlaps, else the closest.
 */
const collisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const hits = rectIntersection(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

/**
 * The height in the page where the card would go: the pointer's, or with the keyboard the moved
 * box's middle (the keyboard moves it from place to place, see useKeyboardMoves).
 */
function dropHeight(active: Active, activatorEvent: Event | null, deltaY: number): number {
  if (activatorEvent instanceof PointerEvent || activatorEvent instanceof MouseEvent) {
    return activatorEvent.clientY + deltaY;
  }
  const box = active.rect.current.translated;
  return box ? box.top + box.height / 2 : 0;
}

const pointerOptions = { activationConstraint: { distance: 6 } };

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
 * is over, or that this step is out of its reach; with the keyboard, each new place in the column.
 */
function useAnnouncements(board: Board | undefined) {
  const { t } = useTranslation();
  // dnd-kit reports the column a card is in as soon as it is picked up: only a new place is news.
  const last = useRef<string | null>(null);
  return useMemo(() => {
    const say = (key: string, values: Record<string, unknown>) =>
      t(`resources.tickets.board.announcements.${key}`, values);
    const cardOf = (id: UniqueIdentifier) => board?.cards.find((card) => card.id === id);
    const columnName = (step: number | undefined) => board?.columns.find((column) => column.id === step)?.name ?? '';
    /** The card's place over a column: its step's name, its position there and the count with it. */
    const place = (active: Active, over: UniqueIdentifier) => {
      const step = stepOfDropId(over);
      const slots = readSlots(step, Number(active.id));
      const box = active.rect.current.translated ?? active.rect.current.initial;
      const slot = box ? slotAt(slots, box.top + box.height / 2) : slots.ids.length;
      return {
        step,
        title: cardOf(active.id)?.name ?? '',
        column: columnName(step),
        position: slot + 1,
        count: slots.ids.length + 1,
      };
    };
    const heard = (key: string, values: ReturnType<typeof place>) => {
      const said = `${key}:${values.step}:${values.position}`;
      if (said === last.current) return undefined;
      last.current = said;
      return say(key, values);
    };
    const overStep = ({ active, over }: { active: Active; over: { id: UniqueIdentifier } | null }) => {
      if (!over) return undefined;
      const where = place(active, over.id);
      const from = cardOf(active.id)?.step ?? 0;
      return heard(canReach(board?.columns ?? [], from, where.step) ? 'over' : 'over_refused', where);
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        const card = cardOf(active.id);
        if (card) {
          // Its place before it moves: its rank in its column (its box is not measured yet).
          const rank = board!.cards.filter((other) => other.step === card.step).indexOf(card) + 1;
          last.current = `over:${card.step}:${rank}`;
        }
        return say('picked_up', { title: card?.name, column: columnName(card?.step) });
      },
      onDragOver: overStep,
      // Moving within a column (the keyboard's up and down) changes no column: each new place is said.
      onDragMove: overStep,
      onDragEnd: ({ active, over }) =>
        over ? say('dropped', place(active, over.id)) : say('dropped_nowhere', { title: cardOf(active.id)?.name }),
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
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const user = useSession().data?.user ?? nobody;
  // Moving a card and changing its status change the ticket: whoever may not sees the cards and opens them.
  const movable = can(user, 'tickets', 'update');
  const query = boardQuery(params, project?.id);
  const [activeId, setActiveId] = useState<number | null>(null);
  const {
    board,
    move,
    pendingTransition,
    completeTransition,
    cancelTransition,
    replaceCard,
    refresh,
    refusal,
    setRefusal,
  } = useTicketBoard(query, activeId !== null);
  // The ticket modal: a ticket the address names (opening it writes it there), or a new ticket.
  const { ticketId, show } = useTicketAddress();
  const [creating, setCreating] = useState(false);
  const closeModal = () => {
    setCreating(false);
    show(null);
  };
  const [statusOf, setStatusOf] = useState<BoardCard | null>(null);
  const data = board.data;

  // Stable options: new ones would give every card new listeners, and redraw it, at each render.
  const coordinateGetter = useKeyboardMoves(data);
  const keyboardOptions = useMemo(
    () => ({
      coordinateGetter,
      // Enter opens the card: Space alone picks it up.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
    [coordinateGetter],
  );
  const sensors = useSensors(
    // A click opens the card: a drag starts once the pointer has moved a little.
    useSensor(PointerSensor, pointerOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  const accessibility = useAnnouncements(data);
  const byColumn = useMemo(() => (data ? cardsByColumn(data.columns, data.cards) : new Map()), [data]);
  const active = activeId === null ? undefined : data?.cards.find((card) => card.id === activeId);

  const onOpen = useCallback((id: number) => show(id), [show]);
  const onChangeStatus = useCallback((card: BoardCard) => setStatusOf(card), []);

  function applyFilters(criteria: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(criteria)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    // The page's tab (the project page's hash) stays.
    void navigate({ search: `?${next}`, hash });
  }

  function onDragStart({ active: dragged }: DragStartEvent) {
    setActiveId(Number(dragged.id));
  }

  function onDragEnd({ active: dragged, over, activatorEvent, delta }: DragEndEvent) {
    setActiveId(null);
    if (!data || !over) return;
    const card = data.cards.find((candidate) => candidate.id === dragged.id);
    if (!card) return;
    const step = stepOfDropId(over.id);
    if (!canReach(data.columns, card.step, step)) {
      const name = (id: number) => data.columns.find((column) => column.id === id)?.name ?? '';
      // The server's own refusal, said before asking it (shown, and told to a screen reader).
      const reason = t('tickets.errors.unreachable_step', { from: name(card.step), to: name(step) });
      toast.error(reason);
      setRefusal(
        t('resources.tickets.board.announcements.refused', { title: card.name, column: name(card.step), reason }),
      );
      return;
    }
    const slots = readSlots(step, card.id);
    const before = beforeOf(slots, slotAt(slots, dropHeight(dragged, activatorEvent, delta.y)));
    const plan = planMove(data.cards, card.id, step, before);
    if (plan) void move(plan);
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
          <Button onClick={() => setCreating(true)}>{addLabel(t, 'tickets')}</Button>
        </Group>
      )}
      {/* A move refused (by the workflow, the rights, the server): said to whoever does not see the toast. */}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {refusal}
      </VisuallyHidden>
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
                movable={movable}
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
                  <TicketCardContent card={active} showProject={!project} t={t} />
                </div>
              </div>
            )}
          </DragOverlay>
        </DndContext>
      )}
      {(creating || ticketId !== null) && (
        <TicketModal
          ticketId={creating ? null : ticketId}
          project={project}
          onShown={show}
          onSaved={() => {
            closeModal();
            void refresh();
          }}
          onClose={closeModal}
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
 * The keyboard's moves: up and down from place to place in the column (the gaps between its other
 * cards), left and right to the next column the card may go to, at the same height. Returns where
 * the moved box goes, its middle on the chosen place.
 */
function useKeyboardMoves(current: Board | undefined): KeyboardCoordinateGetter {
  // The latest board, read when a key is pressed: the getter itself stays the same (see the sensors).
  const latest = useRef(current);
  useEffect(() => {
    latest.current = current;
  }, [current]);
  return useCallback<KeyboardCoordinateGetter>((event, { active, context: { collisionRect, over } }) => {
    const code = event.code as KeyboardCode;
    if (![KeyboardCode.Up, KeyboardCode.Down, KeyboardCode.Left, KeyboardCode.Right].includes(code)) return;
    event.preventDefault();
    const board = latest.current;
    const from = board?.cards.find((card) => card.id === active)?.step;
    if (!collisionRect || from === undefined || !board) return;
    const middle = collisionRect.top + collisionRect.height / 2;
    const at = (step: number, slot: (slots: ReturnType<typeof readSlots>) => number) => {
      const list = columnList(step)!.getBoundingClientRect();
      const slots = readSlots(step, Number(active));
      const y = slots.slots[Math.max(0, Math.min(slots.ids.length, slot(slots)))]!;
      return { x: list.left + 4, y: y - collisionRect.height / 2 };
    };
    const step = over ? stepOfDropId(over.id) : from;
    if (code === KeyboardCode.Down || code === KeyboardCode.Up) {
      const shift = code === KeyboardCode.Down ? 1 : -1;
      return at(step, (slots) => slotAt(slots, middle) + shift);
    }
    // The next column (in the board's order) the card may go to, that way.
    const order = board.columns.map((column) => column.id);
    const reachable = order.filter((id) => canReach(board.columns, from, id));
    const here = order.indexOf(step);
    const next =
      code === KeyboardCode.Right
        ? reachable.find((id) => order.indexOf(id) > here)
        : reachable.findLast((id) => order.indexOf(id) < here);
    return next === undefined ? undefined : at(next, (slots) => slotAt(slots, middle));
  }, []);
}
