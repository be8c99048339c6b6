import { ActionIcon, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subTasks } from '../../../../shared/resources/tickets-sous-taches.resource';
import { path } from '../../../../shared/routes';
import { api } from '../../../api-client';
import { useDialogs } from '../../../shell/dialogs.component';
import { Loading } from '../../../shell/loading.component';
import { toast } from '../../../shell/toasts.component';
import { TicketChildForm } from './ticket-child-form.component';
import { useRefreshTicket, useTicketChildren, useTicketError } from './ticket-modal.hook';

/**
 * A ticket's sub-tasks, in their order: a checkbox each, ticking it done or to do (toggle-fait), a
 * delete button, and the form adding one, for whoever may change the ticket.
 */
export function SubTasksPanel({ ticketId, writable }: { ticketId: number; writable: boolean }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const refresh = useRefreshTicket();
  const errorOf = useTicketError();
  const { data: page, isError } = useTicketChildren(ticketId, subTasks);
  const [added, setAdded] = useState(0);
  const toggle = useMutation({
    mutationFn: (id: number) => api('POST', 'api.sub_tasks.toggle_done', { params: { id } }),
    onSuccess: () => refresh(subTasks.slug),
    onError: (error) => toast.error(errorOf(error, 'tickets.errors.sub_task')),
  });
  if (isError) return <Text size="sm">{t('tickets.errors.open')}</Text>;
  if (!page) return <Loading />;
  const done = page.items.filter((item) => item.done === true).length;
  return (
    <Stack gap="sm">
      {page.total === 0 ? (
        <Text size="sm">{t('resources.tickets.modal.sub_tasks.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('resources.tickets.modal.sub_tasks.progress', { done, total: page.total })}
          </Text>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {page.items.map((item) => {
              const text = String(item.text);
              return (
                <Group key={item.id} component="li" justify="space-between" wrap="nowrap">
                  <Checkbox
                    label={text}
                    checked={item.done === true}
                    disabled={!writable || toggle.isPending}
                    onChange={() => toggle.mutate(item.id)}
                  />
                  {writable && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('resources.tickets.modal.sub_tasks.delete', { text })}
                      onClick={() =>
                        dialogs.delete(
                          { body: t('engine.delete_body', { title: text }) },
                          path('api.resource.child_delete', {
                            resource: 'tickets',
                            id: ticketId,
                            child: subTasks.slug,
                            childId: item.id,
                          }),
                          () => void refresh(subTasks.slug),
                        )
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
          </Stack>
        </>
      )}
      {writable && (
        <TicketChildForm
          key={added}
          ticketId={ticketId}
          child={subTasks}
          fields={['text']}
          label={t('resources.tickets.modal.sub_tasks.add_form')}
          submitLabel={t('resources.tickets.modal.sub_tasks.add')}
          errorKey="tickets.errors.sub_task"
          onAdded={() => setAdded((count) => count + 1)}
        />
      )}
    </Stack>
  );
}
