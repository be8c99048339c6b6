import { Tooltip } from '@mantine/core';
import { useState, type ReactNode, type SyntheticEvent } from 'react';

/** Marks an icon button whose name (its aria-label) the list's one tooltip shows. */
export const iconLabelled = { 'data-icon-label': true } as const;

const labelledButton = (event: SyntheticEvent) =>
  event.target instanceof Element ? event.target.closest<HTMLElement>('[data-icon-label]') : null;

/**
 * One tooltip for all the icon buttons of a list (its rows' actions): the name of the button under
 * the pointer, or of the one the keyboard focused; Escape hides it. A Mantine tooltip on each button
 * costs each its positioning and interaction hooks: 25 rows of 4–6 actions drew a quarter slower.
 */
export function IconLabels({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<HTMLElement | null>(null);
  return (
    <div
      onPointerOver={(event) => setShown(labelledButton(event))}
      onPointerLeave={() => setShown(null)}
      onFocus={(event) => {
        const button = labelledButton(event);
        setShown(button?.matches(':focus-visible') ? button : null);
      }}
      onBlur={() => setShown(null)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setShown(null);
      }}
    >
      {children}
      {shown && <Tooltip label={shown.getAttribute('aria-label')} opened target={shown} hideDetached />}
    </div>
  );
}
