import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nobody } from '../../../../shared/permissions';
import { formatDateTime } from '../../../../shared/i18n/format';
import type { TicketComment } from '../../../../shared/resources/ticket-record';
import { ticketComments } from '../../../../shared/resources/tickets-commentaires.resource';
import { path } from '../../../../shared/routes';
import { api } from '../../../api-client';
import { useSession } from '../../../session.hook';
import { useDialogs } from '../../../shell/dialogs.component';
import { Loading } from '../../../shell/loading.component';
import { toast } from '../../../shell/toasts.component';
import { useUnsavedChangesGuard } from '../../../shell/unsaved-changes.hook';
import { TicketChildForm } from './ticket-child-form.component';
import { useRefreshTicket, useTicketError } from './ticket-modal.hook';
import { queryKeys } from '../../../query-keys';

/**
 * A ticket's comments (GET commentaires/{id}), newest first, each with its author and date; its
 * author (or an administrator) edits it in place (edit-commentaire-ajax) or deletes it; whoever may
 * change the ticket adds one.
 */
export function CommentsPanel({ ticketId, writable }: { ticketId: number; writable: boolean }) {
  const { t } = useTranslation();
  const user = useSession().data?.user ?? { ...nobody, id: 0 };
  const [added, setAdded] = useState(0);
  const { data: comments, isError } = useQuery({
    queryKey: queryKeys.ticket.comments(ticketId),
    queryFn: () => api('GET', 'api.tickets.comments', { params: { id: ticketId } }),
  });
  if (isError) return <Text size="sm">{t('tickets.errors.open')}</Text>;
  if (!comments) return <Loading />;
  return (
    <Stack gap="md">
      {writable && (
        <TicketChildForm
          key={added}
          ticketId={ticketId}
          child={ticketComments}
          fields={['comment']}
          label={t('resources.tickets.modal.comments.add_form')}
          submitLabel={t('resources.tickets.modal.comments.add')}
          errorKey="tickets.errors.update"
          onAdded={() => setAdded((count) => count + 1)}
        />
      )}
      {comments.length === 0 ? (
        <Text size="sm">{t('resources.tickets.modal.comments.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              ticketId={ticketId}
              comment={comment}
              mine={writable && (user.isAdmin || comment.author === user.id)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CommentItem({ ticketId, comment, mine }: { ticketId: number; comment: TicketComment; mine: boolean }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const refresh = useRefreshTicket();
  const errorOf = useTicketError();
  const [draft, setDraft] = useState<string | null>(null);
  // A comment being corrected, changed and not saved, asks before the ticket closes.
  const guard = useUnsavedChangesGuard(draft !== null && draft !== comment.comment);
  const edit = useMutation({
    mutationFn: (text: string) =>
      api('POST', 'api.tickets.edit_comment', { params: { id: comment.id }, body: { comment: text } }),
    onSuccess: async () => {
      toast.success(t('success.updated'));
      guard.saved();
      setDraft(null);
      await refresh(ticketComments.slug);
    },
    onError: (error) => toast.error(errorOf(error, 'tickets.errors.update')),
  });
  const author = comment.authorName ?? t('engine.none');
  return (
    <Paper component="li" withBorder p="sm">
      <Text size="xs" c="dimmed">
        {t('resources.tickets.modal.comments.byline', { author, date: formatDateTime(comment.createdAt) })}
      </Text>
      {draft === null ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {comment.comment}
        </Text>
      ) : (
        <form
          noValidate
          aria-label={t('resources.tickets.modal.comments.edit_form')}
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            edit.mutate(draft);
          }}
        >
          <Textarea
            label={t('resources.tickets-commentaires.fields.comment')}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={ticketComments.fields.comment!.maxLength}
            required
          />
          <Group justify="flex-end" mt="xs" gap="xs">
            <Button variant="default" size="xs" onClick={() => setDraft(null)}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" size="xs" loading={edit.isPending} disabled={draft.trim() === ''}>
              {t('engine.save')}
            </Button>
          </Group>
        </form>
      )}
      {mine && draft === null && (
        <Group gap="xs" mt="xs">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t('resources.tickets.modal.comments.edit', { author })}
            onClick={() => setDraft(comment.comment)}
          >
            {t('engine.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('resources.tickets.modal.comments.delete', { author })}
            onClick={() =>
              dialogs.delete(
                { body: t('resources.tickets.modal.comments.delete_body') },
                path('api.resource.child_delete', {
                  resource: 'tickets',
                  id: ticketId,
                  child: ticketComments.slug,
                  childId: comment.id,
                }),
                () => void refresh(ticketComments.slug),
              )
            }
          >
            {t('engine.delete')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
