import type { ReactNode } from 'react';
import { canOpenPage, type GuardedPage } from '../../shared/menu';
import { nobody } from '../../shared/permissions';
import { ErrorScreen } from './error.screen';
import { useSession } from '../session.hook';

/** A page for whoever may see its menu entry: anyone else gets the 403 page at once, before any request. */
export function PageGuard({ page, children }: { page: GuardedPage; children: ReactNode }) {
  const user = useSession().data?.user ?? nobody;
  return canOpenPage(user, page) ? children : <ErrorScreen status={403} />;
}
