import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useDialogs } from './dialogs.component';

/** Leaving a form with unsaved data asks first: in-app navigation through the dialog, tab closing through the browser. */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const dialogs = useDialogs();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void dialogs.confirmDiscard().then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, dialogs]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
