import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiRequestError, apiAt } from '../api-client';
import { toast } from './toasts.component';

// The modal (Mantine's Modal, its scroll area and focus trap) loads with the first dialog asked for:
// the login page, which asks none, does without it.
const DialogModal = lazy(async () => ({ default: (await import('./dialog-modal.component')).DialogModal }));

/** What the trigger element supplies (spec 2.4); missing texts fall back to the catalog's. */
export interface DialogTexts {
  title?: string;
  body?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirmed action destroys something (a deletion): its button is red. */
  destructive?: boolean;
}

/** The confirm dialog closes itself this long after the confirm click. */
export const CONFIRM_AUTO_CLOSE_MS = 1500;

type DialogRequest =
  | { kind: 'confirm'; texts: DialogTexts; action: { href: string } | { form: HTMLFormElement } }
  | { kind: 'delete'; texts: DialogTexts; action: string | (() => void); onDeleted?: () => void }
  | { kind: 'batch'; texts: DialogTexts; form: HTMLFormElement; action: string }
  | { kind: 'discard'; texts: DialogTexts; resolve: (leave: boolean) => void };

interface Dialogs {
  /** Follows the link, or submits the originating form once, after confirmation. */
  confirm(texts: DialogTexts, action: { href: string } | { form: HTMLFormElement }): void;
  /** An action starting with "/" is POSTed; a function removes the element locally. */
  delete(texts: DialogTexts, action: string | (() => void), onDeleted?: () => void): void;
  /** Confirms, then submits the list's form with _action set. */
  batch(texts: DialogTexts, form: HTMLFormElement, action: string): void;
  /** Asks before unsaved changes are lost; resolves true to leave. */
  confirmDiscard(): Promise<boolean>;
}

const DialogsContext = createContext<Dialogs | null>(null);

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs needs a DialogProvider above it.');
  return dialogs;
}

/** Flags a form so its next submit goes through without asking again. */
const CONFIRMED = 'confirmed';
function submitConfirmed(form: HTMLFormElement): void {
  form.dataset[CONFIRMED] = 'true';
  form.requestSubmit();
}

/** In a submit handler: true once, for the submit that follows a confirmation. */
export function takeConfirmation(form: HTMLFormElement): boolean {
  if (form.dataset[CONFIRMED] !== 'true') return false;
  delete form.dataset[CONFIRMED];
  return true;
}

/**
 * A submit handler that asks first: the form is submitted once confirmed, flagged so the
 * confirmation is not asked twice.
 */
export function useConfirmedSubmit(texts: DialogTexts, onConfirmed: (form: HTMLFormElement) => void) {
  const dialogs = useDialogs();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (takeConfirmation(form)) {
      onConfirmed(form);
      return;
    }
    dialogs.confirm(texts, { form });
  };
}

export function DialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('js');
  const { t: tm } = useTranslation();
  const navigate = useNavigate();
  const [request, setRequest] = useState<DialogRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const confirmedOnce = useRef(false);

  const open = useCallback((next: DialogRequest) => {
    confirmedOnce.current = false;
    setBusy(false);
    setEverOpened(true);
    setRequest(next);
  }, []);
  const close = useCallback(() => {
    setRequest((current) => {
      if (current?.kind === 'discard') current.resolve(false);
      return null;
    });
  }, []);

  const dialogs = useMemo<Dialogs>(
    () => ({
      confirm: (texts, action) => open({ kind: 'confirm', texts, action }),
      delete: (texts, action, onDeleted) => open({ kind: 'delete', texts, action, onDeleted }),
      batch: (texts, form, action) => open({ kind: 'batch', texts, form, action }),
      confirmDiscard: () =>
        new Promise<boolean>((resolve) =>
          open({
            kind: 'discard',
            resolve,
            texts: {
              title: tm('unsaved.title'),
              body: tm('unsaved.body'),
              confirmLabel: tm('unsaved.leave'),
              cancelLabel: tm('unsaved.stay'),
            },
          }),
        ),
    }),
    [open, tm],
  );

  async function onConfirm(current: DialogRequest): Promise<void> {
    if (confirmedOnce.current) return;
    confirmedOnce.current = true;
    setBusy(true);
    switch (current.kind) {
      case 'confirm':
        if ('href' in current.action) void navigate(current.action.href);
        else submitConfirmed(current.action.form);
        setTimeout(() => setRequest((shown) => (shown === current ? null : shown)), CONFIRM_AUTO_CLOSE_MS);
        return;
      case 'delete':
        if (typeof current.action === 'function') {
          current.action();
        } else {
          try {
            await apiAt('POST', 'api.resource.delete', current.action);
            toast.success(tm('success.deleted'));
            current.onDeleted?.();
          } catch (error) {
            toast.error(error instanceof ApiRequestError ? error.message : tm('errors.generic'));
          }
        }
        break;
      case 'batch': {
        const field = current.form.elements.namedItem('_action');
        if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = current.action;
        submitConfirmed(current.form);
        break;
      }
      case 'discard':
        current.resolve(true);
        break;
    }
    setRequest(null);
  }

  const defaults =
    request?.kind === 'delete'
      ? { title: t('dialog.delete_title'), body: t('dialog.delete_body'), confirmLabel: t('dialog.delete_confirm') }
      : request?.kind === 'batch'
        ? { title: t('dialog.batch_title'), body: t('dialog.batch_body'), confirmLabel: t('dialog.confirm') }
        : { title: t('dialog.confirm_title'), body: t('dialog.confirm_body'), confirmLabel: t('dialog.confirm') };
  const texts = { ...defaults, cancelLabel: t('dialog.cancel'), ...request?.texts };

  return (
    <DialogsContext.Provider value={dialogs}>
      {children}
      {everOpened && (
        <Suspense>
          <DialogModal
            opened={request !== null}
            onClose={close}
            texts={texts}
            closeLabel={tm('actions.close')}
            destructive={request?.kind === 'delete' || request?.kind === 'discard' || texts.destructive === true}
            busy={busy}
            onConfirm={() => request && void onConfirm(request)}
          />
        </Suspense>
      )}
    </DialogsContext.Provider>
  );
}
