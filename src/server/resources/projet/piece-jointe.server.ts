import { isDocumentFile } from '../../../shared/resources/piece-jointe.resource';
import type { ServerResource } from '../../engine/server-resource';
import { clock } from '../../clock';
import { advanceLastIntervention } from './project-children';

/**
 * A project's documents: read by whoever may read the project; only the documents' kinds of file
 * (office documents, PDF, images, text, archives, mails), any other refused as it is sent, so that
 * it is never stored; dated the day they are added, which moves
 * the project's last intervention date forward (never back), in the addition's transaction.
 */
export const projectDocumentsHooks: ServerResource = {
  fileRefusal: (name) => (isDocumentFile(name) ? undefined : 'projectDocuments.errors.file_type'),
  validate(values) {
    const refusal =
      typeof values.file === 'string' && values.file !== ''
        ? projectDocumentsHooks.fileRefusal!(values.file)
        : undefined;
    if (refusal) return { file: refusal };
  },
  async beforeChange(tx, records) {
    const today = clock.now().toISOString().slice(0, 10);
    for (const record of records) {
      if (record.id !== null) continue;
      record.values.addedOn = today;
      if (typeof record.values.project === 'number') {
        await advanceLastIntervention(tx, record.values.project, today);
      }
    }
    return records.map(() => null);
  },
};
