import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { useDialogs } from './dialogs.component';

/**
 * Where forms report whether they hold unsaved data: the page (the provider's), or a modal inside it
 * (AppModal's), whose forms count for the page too.
 */
export interface UnsavedScope {
  report: (source: symbol, dirty: boolean) => void;
  /** Whether a form of this scope (or of a modal within it) holds unsaved data. */
  dirty: () => boolean;
}
const UnsavedChangesContext = createContext<UnsavedScope | null>(null);

/** A scope's set of forms holding unsaved data; `parent` hears each report too. */
function useScope(parent: UnsavedScope | null, onChange?: (dirty: boolean) => void): UnsavedScope {
  const dirtySources = useRef(new Set<symbol>());
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });
  return useMemo<UnsavedScope>(
    () => ({
      report(source, dirty) {
        if (dirty) dirtySources.current.add(source);
        else dirtySources.current.delete(source);
        parent?.report(source, dirty);
        latestOnChange.current?.(dirtySources.current.size > 0);
      },
      dirty: () => dirtySources.current.size > 0,
    }),
    [parent],
  );
}

/**
 * The one navigation blocker of the app (a router allows a single one): forms report whether they
 * hold unsaved data, and leaving while one does asks first — in-app navigation to another page
 * (a menu entry, a link) through the dialog, closing or reloading the tab through the browser.
 * What leaves a form without changing page (an in-page tab, a modal's close) asks through
 * useConfirmLeave; AppModal does it for every modal.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const dialogs = useDialogs();
  const [anyDirty, setAnyDirty] = useState(false);
  const scope = useScope(null, setAnyDirty);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => scope.dirty() && currentLocation.pathname !== nextLocation.pathname,
  );
  // The blocker object changes on every render; ask once per blocked navigation.
  const latestBlocker = useRef(blocker);
  useEffect(() => {
    latestBlocker.current = blocker;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void dialogs.confirmDiscard().then((leave) => {
      const current = latestBlocker.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state, dialogs]);

  useEffect(() => {
    if (!anyDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [anyDirty]);

  return <UnsavedChangesContext.Provider value={scope}>{children}</UnsavedChangesContext.Provider>;
}

/**
 * A modal's scope: its forms' unsaved data, which closing it would lose. Put `scope` around the
 * modal's content with UnsavedChangesScope; `confirmLeave` asks before it closes.
 */
export function useUnsavedChangesScope() {
  const scope = useScope(useContext(UnsavedChangesContext));
  return { scope, confirmLeave: useConfirmLeaveOf(scope) };
}

export function UnsavedChangesScope({ scope, children }: { scope: UnsavedScope; children: ReactNode }) {
  return <UnsavedChangesContext.Provider value={scope}>{children}</UnsavedChangesContext.Provider>;
}

function useConfirmLeaveOf(scope: UnsavedScope | null) {
  const dialogs = useOptionalDialogs();
  return useCallback(
    (leave: () => void) => {
      if (!scope?.dirty() || !dialogs) return leave();
      // Asked once the event that asks to leave is over: an Escape reaches every open modal's
      // listener, and would close at once the dialog it opened.
      setTimeout(() => {
        void dialogs.confirmDiscard().then((confirmed) => {
          if (confirmed) leave();
        });
      });
    },
    [scope, dialogs],
  );
}

/** The dialogs, where there are any (a screen rendered alone, in a unit test, has none and asks nothing). */
function useOptionalDialogs() {
  try {
    return useDialogs();
  } catch {
    return null;
  }
}

/**
 * What leaves the forms of the page (or of the modal) without changing page — an in-page tab, a
 * modal's cancel button: `leave` runs at once when none holds unsaved data, else once the person
 * confirms (spec 2.2).
 */
export function useConfirmLeave(): (leave: () => void) => void {
  return useConfirmLeaveOf(useContext(UnsavedChangesContext));
}

/**
 * Declares whether this form holds unsaved data (outside any provider, a screen rendered alone,
 * nothing is declared). Returns `saved`, to call once its values are saved and before leaving:
 * the form counts as clean at once, before it renders again.
 */
export function useUnsavedChangesGuard(dirty: boolean): { saved: () => void } {
  const scope = useContext(UnsavedChangesContext);
  const [source] = useState(() => Symbol('form'));
  useEffect(() => {
    scope?.report(source, dirty);
    return () => scope?.report(source, false);
  }, [scope, source, dirty]);
  return useMemo(() => ({ saved: () => scope?.report(source, false) }), [scope, source]);
}
