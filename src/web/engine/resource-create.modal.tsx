import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { findResource } from '../../shared/resources/registry';
import { formTabs, inputSchema, type ResourceDefinition, type ResourceRecord } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { ApiRequestError, apiRequest } from '../api-client';
import { toast } from '../shell/toasts.component';
import { ResourceFields } from './resource-fields.component';
import { initialValues } from './resource-form.screen';

/**
 * The "new" button of a reference field declared with createInModal: it opens the target
 * resource's create form in a modal (POST …/modal/ajouter) and hands the created record's id back.
 */
export function CreateInModalButton({ target, onCreated }: { target: string; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const definition = findResource(target);
  if (!definition) return null;
  return (
    <>
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setOpened(true)}
        >
          {t(`resources.${target}.new`)}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('engine.create_title', { resource: t(`resources.${target}.singular`) })}
        size="xl"
      >
        {opened && (
          <CreateForm
            definition={definition}
            onCancel={() => setOpened(false)}
            onCreated={(id) => {
              setOpened(false);
              onCreated(id);
            }}
          />
        )}
      </Modal>
    </>
  );
}

function CreateForm({
  definition,
  onCreated,
  onCancel,
}: {
  definition: ResourceDefinition;
  onCreated: (id: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { slug } = definition;
  const schema = useMemo(() => inputSchema(definition), [definition]);
  const form = useForm<Record<string, unknown>>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(definition, undefined),
  });
  const { isSubmitting } = form.formState;
  const tabs = formTabs(definition);
  const [activeTab, setActiveTab] = useState(tabs[0]?.tab ?? null);

  const save = form.handleSubmit(async (values) => {
    try {
      const created = await apiRequest<ResourceRecord>(
        'POST',
        path('api.resource.modal_create', { resource: slug }),
        values,
      );
      toast.success(t('success.saved'));
      // The reference inputs list the new record once their options are fetched again.
      await queryClient.invalidateQueries({ queryKey: ['resource', slug] });
      onCreated(created.id);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) return void toast.error(t('errors.generic'));
      for (const [name, message] of Object.entries(error.payload.fieldErrors ?? {})) form.setError(name, { message });
      toast.error(error.message);
    }
  });

  return (
    // The modal sits in a portal but inside the page's form in React's tree: its submit stops here.
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void save(event);
      }}
    >
      <ResourceFields definition={definition} form={form} activeTab={activeTab} onTabChange={setActiveTab} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t('engine.save')}
        </Button>
      </Group>
    </form>
  );
}
