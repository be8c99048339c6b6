import { useEffect } from 'react';
import { api } from '../api-client';
import { toast } from './toasts.component';

/**
 * The flash messages a route that redirected left in the session (spec 2.3 "flashes"): asked once
 * per page load, shown as toasts. The server clears them as it answers, so each shows once.
 */
export function FlashToasts() {
  useEffect(() => {
    let cancelled = false;
    api('GET', 'api.flashes')
      .then((flashes) => {
        if (!cancelled) for (const flash of flashes) toast[flash.level](flash.message);
      })
      // Flashes are a courtesy: a failure to read them must not disturb the page.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
