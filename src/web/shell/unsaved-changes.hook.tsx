import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { useDialogs } from './dialogs.component';

type Report = (source: symbol, dirty: boolean) => void;
const UnsavedChangesContext = createContext<Report | null>(null);

/**
 * The one navigation blocker of the app (a router allows a single one): forms report whether they
 * hold unsaved data, and leaving while one does asks first — in-app navigation through the dialog,
 * closing or reloading the tab through the browser.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const dialogs = useDialogs();
  const dirtySources = useRef(new Set<symbol>());
  const [anyDirty, setAnyDirty] = useState(false);
  const report = useCallback<Report>((source, dirty) => {
    if (dirty) dirtySources.current.add(source);
    else dirtySources.current.delete(source);
    setAnyDirty(dirtySources.current.size > 0);
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtySources.current.size > 0 && currentLocation.pathname !== nextLocation.pathname,
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

  return <UnsavedChangesContext.Provider value={report}>{children}</UnsavedChangesContext.Provider>;
}

/** Declares whether this form holds unsaved data. */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const report = useContext(UnsavedChangesContext);
  if (!report) throw new Error('useUnsavedChangesGuard needs an UnsavedChangesProvider above it.');
  const [source] = useState(() => Symbol('form'));
  useEffect(() => {
    report(source, dirty);
    return () => report(source, false);
  }, [report, source, dirty]);
}
