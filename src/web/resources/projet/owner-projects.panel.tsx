import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can, nobody } from '../../../shared/permissions';
import { projects } from '../../../shared/resources/projet.resource';
import { recordTitle } from '../../../shared/resources/resource';
import { path } from '../../../shared/routes';
import { AddRecordButton } from '../../engine/add-record-button.component';
import { ListPanelBody } from '../../engine/child-panels.component';
import { useListController } from '../../engine/list/list-context.hook';
import { useLocalListParams } from '../../engine/list/list-params.hook';
import type { RecordPartProps } from '../../engine/web-module';
import { useSession } from '../../session.hook';

/**
 * On an individual's or a structure's page: the projects it owns that the reader may see
 * (suivis-par-individu/{individu}/0, structure/{id}), and a button creating one for it (modal/ajouter,
 * the owner prefilled), whose page opens once created.
 */
export function OwnerProjects({ definition, record }: RecordPartProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession().data?.user ?? nobody;
  const ownerField = definition.slug === 'individus' ? 'ownerIndividual' : 'ownerStructure';
  const list = useListController(projects, useLocalListParams(projects), {
    collectionPath:
      ownerField === 'ownerIndividual'
        ? path('api.projects.followed_by_owner', { individu: record.id, structure: 0 })
        : path('api.projects.of_structure', { id: record.id }),
    batch: false,
  });
  const prefill = {
    values: { [ownerField]: record.id },
    titles: { [ownerField]: { [String(record.id)]: recordTitle(definition, record) } },
  };
  return (
    <>
      {can(user, 'projet', 'create') && (
        <AddRecordButton
          definition={projects}
          label={t('resources.projet.page.add_project')}
          prefill={prefill}
          onSaved={(id) => void navigate(path('admin.projects.page', { id }))}
        />
      )}
      <ListPanelBody list={list} />
    </>
  );
}
