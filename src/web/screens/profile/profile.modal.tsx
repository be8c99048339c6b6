import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { profileSchema, type ProfileInput, type SessionUserPayload } from '../../../shared/account/account.schema';

import { ApiRequestError, api } from '../../api-client';
import { useUpdateSessionUser } from '../../session.hook';
import { AppModal } from '../../shell/app-modal.component';
import { useDialogs } from '../../shell/dialogs.component';
import { RichTextEditor } from '../../shell/rich-text-editor.component';
import { toast } from '../../shell/toasts.component';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes.hook';

interface ProfileModalProps {
  onClose: () => void;
  user: SessionUserPayload;
}

/** The logged-in user's name and email signature. */
export function ProfileModal({ onClose, user }: ProfileModalProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const updateUser = useUpdateSessionUser();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, emailSignature: user.emailSignature },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesGuard(isDirty);

  async function close() {
    if (isDirty && !(await dialogs.confirmDiscard())) return;
    onClose();
  }

  const save = form.handleSubmit(async (values) => {
    try {
      const saved = await api('PUT', 'api.profile', { body: values });
      updateUser(saved);
      toast.success(t('success.saved'));
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const [field, message] of Object.entries(error.payload.fieldErrors ?? {})) {
          form.setError(field as keyof ProfileInput, { message });
        }
        toast.error(error.message);
      } else {
        toast.error(t('errors.generic'));
      }
    }
  });

  const fieldError = (message: string | undefined) => (message ? t(message) : undefined);

  return (
    <AppModal onClose={() => void close()} title={t('profile.title')} size="lg">
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput
            label={t('profile.first_name')}
            required
            {...form.register('firstName')}
            error={fieldError(errors.firstName?.message)}
          />
          <TextInput
            label={t('profile.last_name')}
            required
            {...form.register('lastName')}
            error={fieldError(errors.lastName?.message)}
          />
          <Controller
            control={form.control}
            name="emailSignature"
            render={({ field }) => (
              <RichTextEditor
                label={t('profile.email_signature')}
                description={t('profile.email_signature_help')}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void close()}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
