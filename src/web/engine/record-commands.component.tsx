import { ActionIcon, Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PermissionHolder } from '../../shared/permissions';
import {
  canOnRecord,
  type RecordCommand,
  type ResourceDefinition,
  type ResourceRecord,
} from '../../shared/resources/resource';
import { path, routeTable, type RouteName } from '../../shared/routes';
import { ApiRequestError, apiAt } from '../api-client';
import { toast } from '../shell/toasts.component';
import { iconLabelled } from './list/icon-labels.component';
import { useRefreshResource } from './resource-api.hook';

/** A command's path: its route, with the record and, when its path names one, the resource filled in. */
const commandPath = (command: RecordCommand, slug: string, id: number) =>
  path(
    command.route as RouteName & 'api.resource.item',
    // A resource given to a path without {resource} would end up in its query string.
    (routeTable[command.route].includes('{resource}') ? { resource: slug, id } : { id }) as {
      resource: string;
      id: number;
    },
  );

/**
 * The record's own commands the user may run: links to their screens or files, or buttons that POST
 * and say how it went.
 */
export function RecordCommands({
  definition,
  record,
  user,
}: {
  definition: ResourceDefinition;
  record: ResourceRecord;
  user: PermissionHolder;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshResource(definition);
  const [running, setRunning] = useState<string | null>(null);
  const { slug } = definition;

  async function run(command: RecordCommand) {
    setRunning(command.name);
    try {
      const reply = await apiAt('POST', 'api.users.impersonate', commandPath(command, slug, record.id));
      // A command that changes who is logged in loads the app anew where it says.
      if (reply.location) return window.location.assign(reply.location);
      toast.success(reply.message);
      await refresh();
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : t('errors.generic'));
    } finally {
      setRunning(null);
    }
  }

  return definition.commands
    .filter((command) => canOnRecord(user, definition, record, command.action))
    .map((command) => {
      const label = t(`resources.${slug}.commands.${command.name}`);
      if (command.kind === 'download')
        return (
          <Button
            key={command.name}
            variant="default"
            component="a"
            href={commandPath(command, slug, record.id)}
            download
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {label}
          </Button>
        );
      return command.kind === 'page' ? (
        <Button key={command.name} variant="default" component={Link} to={commandPath(command, slug, record.id)}>
          {label}
        </Button>
      ) : (
        <Button
          key={command.name}
          variant="default"
          loading={running === command.name}
          onClick={() => void run(command)}
        >
          {label}
        </Button>
      );
    });
}

/** The record's files (its `download` commands) in its row of a list: icon links naming the record. */
export function RowDownloads({
  definition,
  record,
  user,
  title,
}: {
  definition: ResourceDefinition;
  record: ResourceRecord;
  user: PermissionHolder;
  title: string;
}) {
  const { t } = useTranslation();
  const { slug } = definition;
  return definition.commands
    .filter((command) => command.kind === 'download' && canOnRecord(user, definition, record, command.action))
    .map((command) => (
      <ActionIcon
        key={command.name}
        variant="subtle"
        component="a"
        href={commandPath(command, slug, record.id)}
        download
        aria-label={t('engine.row_command', { command: t(`resources.${slug}.commands.${command.name}`), title })}
        {...iconLabelled}
      >
        <IconDownload size={18} aria-hidden />
      </ActionIcon>
    ));
}
