import { useEffect, useState } from 'react';

/** Body size classes and their bounds (spec 2.2, 9). */
export function sizeClass(width: number): 'is-xs' | 'is-sm' | 'is-md' | 'is-lg' {
  if (width < 768) return 'is-xs';
  if (width < 992) return 'is-sm';
  if (width < 1200) return 'is-md';
  return 'is-lg';
}

/** Windows from 768 to 1028 pixels wide get the side menu enlarged automatically. */
export function autoEnlarges(width: number): boolean {
  return width >= 768 && width <= 1028;
}

export const RESIZE_DEBOUNCE_MS = 100;
const DESKTOP_WIDTH = 1280;

/** The window width, updated 100 ms after resizing stops; keeps the body's size class in step. */
export function useViewportWidth(): number {
  // Rendered without a window (a screen's HTML in a unit test): as on a desktop.
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? DESKTOP_WIDTH : window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  useEffect(() => {
    const body = document.body.classList;
    body.remove('is-xs', 'is-sm', 'is-md', 'is-lg');
    body.add(sizeClass(width));
  }, [width]);
  return width;
}
