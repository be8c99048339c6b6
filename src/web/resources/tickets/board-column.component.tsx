import { useDroppable } from '@dnd-kit/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardCard, BoardColumn as Column } from '../../../shared/resources/ticket-board';
import { columnDropId } from './board-order';
import { TicketCard } from './ticket-card.component';
import styles from './ticket-board.module.css';

/** A column during a drag: the dragged card's own, one it may go to, or one it may not (dimmed). */
export type ColumnState = 'idle' | 'source' | 'allowed' | 'refused';

interface BoardColumnProps {
  column: Column;
  cards: BoardCard[];
  state: ColumnState;
  showProject: boolean;
  /** Whoever may change tickets moves the cards. */
  movable: boolean;
  onOpen: (id: number) => void;
  onChangeStatus: (card: BoardCard) => void;
}

/** A step's column: its name and card count, its cards in order; its empty space is its end. */
export const BoardColumn = memo(function BoardColumn({
  column,
  cards,
  state,
  showProject,
  movable,
  onOpen,
  onChangeStatus,
}: BoardColumnProps) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(column.id) });
  const headingId = `board-column-${column.id}`;
  return (
    <section className={styles.column} data-state={state} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.columnHeader}>
        <span>{column.name}</span>
        <span className={styles.count}>{t('resources.tickets.board.count', { count: cards.length })}</span>
      </h2>
      {state === 'refused' && <p className={styles.refusedNote}>{t('resources.tickets.board.refused_column')}</p>}
      <ul ref={setNodeRef} className={styles.list} data-step={column.id} data-over={isOver && state !== 'refused'}>
        {cards.map((card) => (
          <TicketCard
            key={card.id}
            card={card}
            showProject={showProject}
            movable={movable}
            t={t}
            onOpen={onOpen}
            onChangeStatus={onChangeStatus}
          />
        ))}
        {cards.length === 0 && <li className={styles.empty}>{t('resources.tickets.board.empty_column')}</li>}
      </ul>
    </section>
  );
});
