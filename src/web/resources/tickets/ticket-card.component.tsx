import { useDraggable } from '@dnd-kit/core';
import type { TFunction } from 'i18next';
import { memo, useMemo, type KeyboardEvent } from 'react';
import { formatDate, formatDateTime } from '../../../shared/i18n/format';
import type { BoardCard } from '../../../shared/resources/ticket-board';
import styles from './ticket-board.module.css';

/**
 * What a card shows; memoized on the card's object, which a move or a refresh keeps when unchanged.
 * `t` comes from the board: 2 000 cards need not each subscribe to the language.
 */
export const TicketCardContent = memo(function TicketCardContent({
  card,
  showProject,
  t,
}: {
  card: BoardCard;
  showProject: boolean;
  t: TFunction;
}) {
  // Orange because of its deadline: it says so ("Échéance proche", "En retard"), not "Bloqué".
  const status = card.deadlineAlert
    ? t(`resources.tickets.board.card.deadline_alert.${card.deadlineAlert}`)
    : t(`resources.tickets.choices.status.${card.status}`);
  return (
    <>
      <span className={styles.name}>{card.name}</span>
      {showProject && <span className={styles.line}>{card.project.title}</span>}
      {showProject && card.project.owner && (
        <span className={styles.line}>{t('resources.tickets.board.card.owner', { owner: card.project.owner })}</span>
      )}
      {/* The status's colour is the card's background; this says it in words. */}
      <span className={styles.status} data-status={card.status}>
        {t('resources.tickets.board.card.status', { status })}
      </span>
      {card.meeting && (
        <span className={styles.line}>
          {card.meeting.at
            ? t('resources.tickets.board.card.meeting', {
                type: card.meeting.type,
                at: formatDateTime(card.meeting.at),
              })
            : t('resources.tickets.board.card.meeting_undated', { type: card.meeting.type })}
        </span>
      )}
      {card.deadline && (
        <span className={styles.line}>
          {t('resources.tickets.board.card.deadline', { date: formatDate(`${card.deadline}T00:00`) })}
        </span>
      )}
      {card.attributions.length > 0 && (
        <span className={styles.line}>
          {t('resources.tickets.board.card.attributions', {
            names: card.attributions.map(({ name }) => name).join(', '),
          })}
        </span>
      )}
      {card.taskType && (
        <span className={styles.line}>{t('resources.tickets.board.card.task_type', { name: card.taskType.name })}</span>
      )}
      {card.subTasks.total > 0 && (
        <span className={styles.line}>
          {t('resources.tickets.board.card.sub_tasks', { done: card.subTasks.done, total: card.subTasks.total })}
        </span>
      )}
      {card.comments > 0 && (
        <span className={styles.line}>{t('resources.tickets.board.card.comments', { count: card.comments })}</span>
      )}
    </>
  );
});

interface TicketCardProps {
  card: BoardCard;
  showProject: boolean;
  /** Whoever may change tickets moves the card and changes its status; anyone else only opens it. */
  movable: boolean;
  t: TFunction;
  onOpen: (id: number) => void;
  onChangeStatus: (card: BoardCard) => void;
}

/**
 * A card: dragged by its body (pointer or keyboard: Space picks it up), opened by a click or Enter.
 * Not a drop target: the columns are, and where in a column a card goes is read from the page
 * (data-card), so a drag does not redraw every card at each card it passes. Its status button sits
 * beside the draggable body, not inside it (no control within a control). A card that may not move
 * is a plain button: no drag, no keyboard move, no status button.
 */
export const TicketCard = memo(function TicketCard({
  card,
  showProject,
  movable,
  t,
  onOpen,
  onChangeStatus,
}: TicketCardProps) {
  const roleDescription = useMemo(() => t('resources.tickets.board.announcements.role'), [t]);
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: card.id,
    attributes: { roleDescription },
    disabled: !movable,
  });
  // Every card's hook runs again when a drag starts or ends (dnd-kit's context): its face does not.
  return (
    <li
      ref={setNodeRef}
      className={styles.card}
      data-card={card.id}
      data-status={card.status}
      data-dragging={isDragging}
      style={card.color ? { borderLeftColor: card.color } : undefined}
    >
      <CardFace
        card={card}
        showProject={showProject}
        movable={movable}
        t={t}
        onOpen={onOpen}
        onChangeStatus={onChangeStatus}
        attributes={attributes}
        listeners={listeners}
        isDragging={isDragging}
      />
    </li>
  );
});

/** The card's draggable body and its status button; dnd-kit memoizes its attributes and listeners. */
const CardFace = memo(function CardFace({
  card,
  showProject,
  movable,
  t,
  onOpen,
  onChangeStatus,
  attributes,
  listeners,
  isDragging,
}: TicketCardProps & Pick<ReturnType<typeof useDraggable>, 'attributes' | 'listeners' | 'isDragging'>) {
  const { onKeyDown, ...pointer } = listeners ?? {};
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    (onKeyDown as ((event: KeyboardEvent) => void) | undefined)?.(event);
    if (event.key === 'Enter' && !isDragging) onOpen(card.id);
  };
  if (!movable) {
    return (
      <div
        className={styles.cardBody}
        role="button"
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          onOpen(card.id);
        }}
        onClick={() => onOpen(card.id)}
      >
        <TicketCardContent card={card} showProject={showProject} t={t} />
      </div>
    );
  }
  return (
    <>
      <div className={styles.cardBody} {...attributes} {...pointer} onKeyDown={keyDown} onClick={() => onOpen(card.id)}>
        <TicketCardContent card={card} showProject={showProject} t={t} />
      </div>
      <button
        type="button"
        className={styles.statusButton}
        aria-label={t('resources.tickets.board.card.change_status', { name: card.name })}
        onClick={() => onChangeStatus(card)}
      >
        {t('resources.tickets.board.card.status_button')}
      </button>
    </>
  );
});
