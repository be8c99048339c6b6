import type { FileEntry, FileStore } from '../../shared/api/file-manager.contract';
import { MEDIA_STORE_FOLDER } from '../../shared/api/file-manager.contract';

/** The message the file manager's page posts to the window that framed it when a file is chosen. */
export const FILE_CHOSEN = 'file-manager:chosen';

/** A file chosen in the file manager, as its opener receives it. */
export interface ChosenFile {
  store: FileStore;
  name: string;
  size: number | null;
  kind: FileEntry['kind'];
  /** Where it is served: what a rich text links to. */
  url: string;
  /** Its path as a file field stores it (an upload's), or null for a mail's attachment. */
  uploadPath: string | null;
}

export interface FileChosenMessage {
  type: typeof FILE_CHOSEN;
  /** The `champ` the opener gave: which of its fields asked. */
  field: string;
  file: ChosenFile;
}

/** The file an entry of a listing names, as the opener gets it. */
export function chosenFile(store: FileStore, entry: FileEntry): ChosenFile {
  const uploadPath =
    store === 'uploads' ? entry.path : store === 'media' ? `${MEDIA_STORE_FOLDER}/${entry.path}` : null;
  return { store, name: entry.name, size: entry.size, kind: entry.kind, url: entry.url ?? '', uploadPath };
}

/** Whether a message event is the file manager's, from this origin and from the frame the opener made. */
export function isFileChosen(event: MessageEvent, frame: Window | null | undefined, field: string): boolean {
  if (event.origin !== window.location.origin || !frame || event.source !== frame) return false;
  const data = event.data as Partial<FileChosenMessage> | null;
  return data?.type === FILE_CHOSEN && data.field === field && typeof data.file?.url === 'string';
}
