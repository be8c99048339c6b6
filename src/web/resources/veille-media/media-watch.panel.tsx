import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can, nobody } from '../../../shared/permissions';
import { projects } from '../../../shared/resources/projet.resource';
import { recordTitle, type ReferenceTitles, type ResourceRecordView } from '../../../shared/resources/resource';
import { mediaWatch } from '../../../shared/resources/veille-media.resource';
import { path } from '../../../shared/routes';
import { ListPanelBody } from '../../engine/child-panels.component';
import { AddRecordButton } from '../../engine/add-record-button.component';
import { useListController } from '../../engine/list/list-context.hook';
import { useLocalListParams } from '../../engine/list/list-params.hook';
import type { RecordPartProps } from '../../engine/web-module';
import { useSession } from '../../session.hook';

/**
 * The media monitoring items of a record (structure/{id}: its media, owner or co-owner; projet/{id}:
 * its related project), sorted and paged in the panel, and a button adding one for it in a modal,
 * the record prefilled.
 */
export function MediaWatchItems({
  collectionPath,
  prefill,
}: {
  collectionPath: string;
  prefill: { values: Record<string, unknown>; titles: ReferenceTitles };
}) {
  const user = useSession().data?.user ?? nobody;
  const list = useListController(mediaWatch, useLocalListParams(mediaWatch), { collectionPath, batch: false });
  return (
    <>
      {can(user, mediaWatch.slug, 'create') && <AddRecordButton definition={mediaWatch} prefill={prefill} />}
      <ListPanelBody list={list} />
    </>
  );
}

/** On a structure's page: the items naming it (as their media, or as owner or co-owner); a new one names it. */
export function StructureMediaWatch({ definition, record }: RecordPartProps) {
  const { t } = useTranslation();
  const user = useSession().data?.user ?? nobody;
  if (!can(user, mediaWatch.slug, 'list')) return <Text size="sm">{t('errors.forbidden')}</Text>;
  const field = record.contactType === 'media' ? 'media' : 'projectOwner';
  const prefill = {
    values: { [field]: record.id },
    titles: { [field]: { [String(record.id)]: recordTitle(definition, record) } },
  };
  return <MediaWatchItems collectionPath={path('api.media_watch.of_structure', { id: record.id })} prefill={prefill} />;
}

/** The project page's tab: the items about the project; a new one is about it, in its missions. */
export function ProjectMediaWatch({ record }: { record: ResourceRecordView }) {
  const prefill = {
    values: { relatedProject: record.id, missions: (record.missionIds as number[] | undefined) ?? [] },
    titles: { relatedProject: { [String(record.id)]: recordTitle(projects, record) } },
  };
  return <MediaWatchItems collectionPath={path('api.media_watch.of_project', { id: record.id })} prefill={prefill} />;
}
