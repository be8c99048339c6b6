import { Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { statusChangeSchema, type BoardCard, type StatusChange } from '../../../shared/resources/ticket-board';

import { ApiRequestError, api } from '../../api-client';
import { AppModal } from '../../shell/app-modal.component';
import { toast } from '../../shell/toasts.component';
import { useConfirmLeave } from '../../shell/unsaved-changes.hook';

const statuses = ['in_progress', 'blocked'] as const;

/** "Changer le statut": in progress or blocked, always with a comment saying why (spec 4). */
export function StatusChangeModal({
  card,
  onSaved,
  onClose,
}: {
  card: BoardCard;
  onSaved: (card: BoardCard) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusChange['status']>(card.status === 'blocked' ? 'blocked' : 'in_progress');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirmLeave = useConfirmLeave();
  const save = useMutation({
    mutationFn: (change: StatusChange) =>
      api('POST', 'api.tickets.change_status', { params: { id: card.id }, body: change }),
    onSuccess: (saved) => {
      toast.success(t('resources.tickets.board.status_modal.saved'));
      // A status change leaves the ticket in its step (the server says none for a ticket off the board).
      onSaved({ ...saved, step: saved.step ?? card.step });
    },
    onError: (failure) => {
      const fieldError = failure instanceof ApiRequestError ? failure.payload.fieldErrors?.comment : undefined;
      if (fieldError) setError(fieldError);
      else toast.error(failure.message || t('errors.generic'));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = statusChangeSchema.safeParse({ status, comment });
    if (!parsed.success) return setError(t(parsed.error.issues[0]!.message));
    setError(undefined);
    save.mutate(parsed.data);
  }

  return (
    <AppModal
      title={t('resources.tickets.board.status_modal.title', { name: card.name })}
      onClose={onClose}
      dirty={comment.trim() !== ''}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Radio.Group
            label={t('resources.tickets.board.status_modal.status')}
            value={status}
            onChange={(value) => setStatus(value as StatusChange['status'])}
          >
            <Group mt="xs">
              {statuses.map((value) => (
                <Radio key={value} value={value} label={t(`resources.tickets.choices.status.${value}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label={t('resources.tickets.board.status_modal.comment')}
            required
            autosize
            minRows={3}
            value={comment}
            error={error}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => confirmLeave(onClose)}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
