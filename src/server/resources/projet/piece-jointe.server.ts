import { isDocumentFile } from '../../../shared/resources/piece-jointe.resource';
import type { ServerResource } from '../../engine/server-resource';
import { clock } from '../../clock';
import { advanceLastIntervention } from './project-children';

/**
 * A project's documents: read by whoever may read the project; only the documents' kinds of file
 * (office documents, PDF, images, text, archives, mails); dated the day they are added, which moves
 * the project's last intervention date forward (never back), in the addition's transaction.
 */
export const projectDocumentsHooks: ServerResource = {
  validate(values) {
    if (typeof values.file === 'string' && values.file !== '' && !isDocumentFile(values.file)) {
      return { file: 'projectDocuments.errors.file_type' };
    }
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
