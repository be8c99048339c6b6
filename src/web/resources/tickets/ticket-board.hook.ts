import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Board, BoardCard, TransitionForm } from '../../../shared/resources/ticket-board';
import { path } from '../../../shared/routes';
import { ApiRequestError, api, apiAt } from '../../api-client';
import { toast } from '../../shell/toasts.component';
import { applyMove, type PlannedMove } from './board-order';
import { queryKeys } from '../../query-keys';

/** How often the board asks whether another adviser changed it (spec: moves appear without reload). */
export const BOARD_POLL_MS = 5000;

/** A move whose transition asks characteristics: the modal's question, until answered or cancelled. */
export interface PendingTransition {
  move: PlannedMove;
  form: TransitionForm;
  /** The board as it was before the move, to put back on cancel. */
  before: BoardCard[];
}

interface MoveReply {
  card: BoardCard;
  version: string;
}

/**
 * A board's data (`query`: the filters as the API takes them, `projet` included) and its moves:
 * drawn at once (optimistic), then sent; a refusal puts the card back and says why, a transition
 * asking characteristics waits for them. The version is polled every 5 s; when it differs from the
 * board's, the board is fetched again — unless a move is under way, which would be undone, or a card
 * is held (`holding`): the cards would shift under the pointer, and the drop be read against a board
 * the adviser no longer sees (an answer already on its way is left aside). The refresh comes once the
 * card is let go. `refusal`: what the board's live region says of the last move refused (a keyboard
 * user hears it, the toast being for the eyes), until the next move.
 */
export function useTicketBoard(query: string, holding: boolean) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = queryKeys.ticketBoard.board(query);
  const busy = useRef(0);
  const [pendingTransition, setPendingTransition] = useState<PendingTransition | null>(null);
  // Counts the moves answered, so that a version seen during one is acted on once it is over.
  const [answered, setAnswered] = useState(0);
  const [refusal, setRefusal] = useState('');

  const board = useQuery({
    queryKey: key,
    queryFn: () => apiAt('GET', 'api.tickets.board', `${path('api.tickets.board')}${query ? `?${query}` : ''}`),
  });
  const version = useQuery({
    queryKey: queryKeys.ticketBoard.version(query),
    queryFn: () =>
      apiAt('GET', 'api.tickets.board_version', `${path('api.tickets.board_version')}${query ? `?${query}` : ''}`),
    refetchInterval: BOARD_POLL_MS,
    enabled: board.isSuccess,
  });
  const current = board.data?.version;
  const latest = version.data?.version;
  useEffect(() => {
    if (latest && current && latest !== current && busy.current === 0 && !pendingTransition && !holding) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
    // key is derived from query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latest, current, pendingTransition, answered, holding, queryClient, query]);

  // A board answer already on its way when a card is picked up would shift the cards all the same:
  // it is left aside (the board stays as drawn), and the board asked again once the card is let go.
  const setAside = useRef(false);
  useEffect(() => {
    if (holding && queryClient.isFetching({ queryKey: key, exact: true }) > 0) {
      setAside.current = true;
      void queryClient.cancelQueries({ queryKey: key, exact: true });
    } else if (!holding && setAside.current) {
      setAside.current = false;
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
    // key is derived from query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [holding, queryClient, query]);

  const setCards = useCallback(
    (update: (cards: BoardCard[]) => BoardCard[]) =>
      queryClient.setQueryData<Board>(
        queryKeys.ticketBoard.board(query),
        (data) => data && { ...data, cards: update(data.cards) },
      ),
    [queryClient, query],
  );
  const cardsNow = useCallback(
    () => queryClient.getQueryData<Board>(queryKeys.ticketBoard.board(query))?.cards ?? [],
    [queryClient, query],
  );

  /** The server's answer to a move: the card as saved, in the place the board gave it. */
  const settle = useCallback(
    (move: PlannedMove, reply: MoveReply) => setCards((cards) => applyMove(cards, move, reply.card)),
    [setCards],
  );
  const refuse = useCallback(
    (before: BoardCard[], error: unknown, ticket: number) => {
      setCards(() => before);
      const reason = error instanceof ApiRequestError && error.message ? error.message : t('errors.generic');
      toast.error(reason);
      const card = before.find((candidate) => candidate.id === ticket);
      const columns = queryClient.getQueryData<Board>(queryKeys.ticketBoard.board(query))?.columns ?? [];
      setRefusal(
        t('resources.tickets.board.announcements.refused', {
          title: card?.name ?? '',
          column: columns.find((column) => column.id === card?.step)?.name ?? '',
          reason,
        }),
      );
    },
    [setCards, t, queryClient, query],
  );

  /** Draws the move, then sends it (move-ajax). Resolves once the server has answered. */
  const move = useCallback(
    async (planned: PlannedMove) => {
      const before = cardsNow();
      setRefusal('');
      setCards((cards) => applyMove(cards, planned));
      busy.current += 1;
      try {
        settle(planned, await api('POST', 'api.tickets.move', { body: planned }));
      } catch (error) {
        const transition =
          error instanceof ApiRequestError && error.status === 409
            ? (error.payload as unknown as { transition?: TransitionForm }).transition
            : undefined;
        if (transition) setPendingTransition({ move: planned, form: transition, before });
        else refuse(before, error, planned.ticket);
      } finally {
        busy.current -= 1;
        setAnswered((count) => count + 1);
      }
    },
    [cardsNow, setCards, settle, refuse],
  );

  /**
   * The transition's characteristics answered: the move is sent with them (add-transition-ajax).
   * Resolves with the errors of the values refused (the modal stays open to correct them), else null.
   */
  const completeTransition = useCallback(
    async (characteristics: Record<string, string>): Promise<Record<string, string> | null> => {
      if (!pendingTransition) return null;
      const { move: planned, before } = pendingTransition;
      busy.current += 1;
      try {
        settle(planned, await api('POST', 'api.tickets.add_transition', { body: { ...planned, characteristics } }));
      } catch (error) {
        const fieldErrors = error instanceof ApiRequestError ? error.payload.fieldErrors : undefined;
        if (fieldErrors) return fieldErrors;
        refuse(before, error, planned.ticket);
      } finally {
        busy.current -= 1;
        setAnswered((count) => count + 1);
      }
      setPendingTransition(null);
      return null;
    },
    [pendingTransition, settle, refuse],
  );

  /** The transition's modal closed without answering: the card goes back. */
  const cancelTransition = useCallback(() => {
    if (pendingTransition) setCards(() => pendingTransition.before);
    setPendingTransition(null);
  }, [pendingTransition, setCards]);

  /** A card changed elsewhere (its status, the ticket's modal): its new face, in its place. */
  const replaceCard = useCallback(
    (card: BoardCard) => setCards((cards) => cards.map((candidate) => (candidate.id === card.id ? card : candidate))),
    [setCards],
  );
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.ticketBoard.board(query) }),
    [queryClient, query],
  );

  return {
    board,
    move,
    pendingTransition,
    completeTransition,
    cancelTransition,
    replaceCard,
    refresh,
    refusal,
    setRefusal,
  };
}
