import { Notification, Transition } from '@mantine/core';
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** The spec's toast timings (section 9). */
export const toastTimings = { timeOut: 5000, extendedTimeOut: 1000, showDuration: 300, hideDuration: 1000 };

type ToastLevel = 'success' | 'error' | 'info' | 'warning';
interface Toast {
  id: number;
  level: ToastLevel;
  message: string;
}

const levelColors: Record<ToastLevel, string> = { success: 'green', error: 'red', info: 'blue', warning: 'orange' };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function push(level: ToastLevel, message: string): void {
  // Newest on top.
  toasts = [{ id: nextId++, level, message }, ...toasts];
  emit();
}

function remove(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export const toast = {
  success: (message: string) => push('success', message),
  error: (message: string) => push('error', message),
  info: (message: string) => push('info', message),
  warning: (message: string) => push('warning', message),
};

function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}

/**
 * One toast: shown in 300 ms, hidden after 5 s; hovering holds it, and it goes 1 s after the
 * pointer leaves; hiding takes 1 s.
 */
function ToastItem({ toast: item }: { toast: Toast }) {
  const { t } = useTranslation('js');
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hideAfter = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(false), delay);
  };

  useEffect(() => {
    // Mounted hidden, then shown on the next frame so the entrance transition runs.
    const frame = requestAnimationFrame(() => setShown(true));
    hideAfter(toastTimings.timeOut);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer.current);
    };
  }, []);

  return (
    <Transition
      mounted={shown}
      transition="fade-left"
      duration={toastTimings.showDuration}
      exitDuration={toastTimings.hideDuration}
      onExited={() => remove(item.id)}
    >
      {(styles) => (
        <Notification
          style={{ ...styles, pointerEvents: 'auto' }}
          color={levelColors[item.level]}
          role={item.level === 'error' ? 'alert' : 'status'}
          withBorder
          onMouseEnter={() => clearTimeout(timer.current)}
          onMouseLeave={() => hideAfter(toastTimings.extendedTimeOut)}
          onClose={() => setShown(false)}
          closeButtonProps={{ 'aria-label': t('toast.close') }}
          data-toast-level={item.level}
        >
          {item.message}
        </Notification>
      )}
    </Transition>
  );
}

/** The toasts' column: its width when there is room, the gap it keeps from the window's edges and from an open modal. */
const TOASTS_WIDTH = 360;
const EDGE = 16;
/** Narrower than this, a column beside an open modal would wrap every word: the toasts go above or below it instead. */
const NARROWEST = 240;

/** Where the toasts' column stands (CSS of a fixed box). */
interface ToastsPlace {
  top?: number;
  bottom?: number;
  left?: number;
  right?: number;
  width: number;
}

/** The box every open modal (and dialog drawn as one) takes, or null when none is open. */
function openModalsBox(): { top: number; bottom: number; left: number; right: number } | null {
  const boxes = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')]
    .map((dialog) => dialog.getBoundingClientRect())
    .filter(({ width, height }) => width > 0 && height > 0);
  if (boxes.length === 0) return null;
  return {
    top: Math.min(...boxes.map(({ top }) => top)),
    bottom: Math.max(...boxes.map(({ bottom }) => bottom)),
    left: Math.min(...boxes.map(({ left }) => left)),
    right: Math.max(...boxes.map(({ right }) => right)),
  };
}

/**
 * Where the toasts hide nothing a user reaches for: bottom right, away from the app's and the
 * screen's headers, the project's tabs and the kanban's filters at the top of the page. With a
 * modal open, beside it (right, else left) when the window leaves room, else below or above it
 * where the column fits; on a window the modal fills, over its title bar, never over its fields.
 */
function placeToasts(height: number): ToastsPlace {
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const width = Math.min(TOASTS_WIDTH, viewportWidth - 2 * EDGE);
  const modal = openModalsBox();
  if (!modal) return { bottom: EDGE, right: EDGE, width };
  const rightRoom = viewportWidth - modal.right - 2 * EDGE;
  if (rightRoom >= NARROWEST) return { bottom: EDGE, right: EDGE, width: Math.min(width, rightRoom) };
  const leftRoom = modal.left - 2 * EDGE;
  if (leftRoom >= NARROWEST) return { bottom: EDGE, left: EDGE, width: Math.min(width, leftRoom) };
  if (viewportHeight - modal.bottom - 2 * EDGE >= height) return { bottom: EDGE, right: EDGE, width };
  if (modal.top - 2 * EDGE >= height) return { top: EDGE, right: EDGE, width };
  const header = [...document.querySelectorAll('[role="dialog"][aria-modal="true"] .mantine-Modal-header')].at(-1);
  return { top: Math.max(0, header?.getBoundingClientRect().top ?? 0), right: EDGE, width };
}

const samePlace = (a: ToastsPlace, b: ToastsPlace) =>
  a.top === b.top && a.bottom === b.bottom && a.left === b.left && a.right === b.right && a.width === b.width;

/**
 * The toasts' place while some are shown, measured each frame: a modal opens or closes under a
 * toast (a save closes it), the window resizes, the toasts' column grows.
 */
function useToastsPlace(shown: boolean, column: RefObject<HTMLElement | null>): ToastsPlace {
  const [place, setPlace] = useState<ToastsPlace>({ bottom: EDGE, right: EDGE, width: TOASTS_WIDTH });
  useEffect(() => {
    if (!shown) return;
    let frame = 0;
    const measure = () => {
      const next = placeToasts(column.current?.offsetHeight ?? 0);
      setPlace((previous) => (samePlace(previous, next) ? previous : next));
      frame = requestAnimationFrame(measure);
    };
    measure();
    return () => cancelAnimationFrame(frame);
  }, [shown, column]);
  return place;
}

export function Toaster() {
  const { t } = useTranslation('js');
  const items = useToasts();
  const column = useRef<HTMLElement>(null);
  const { width, ...place } = useToastsPlace(items.length > 0, column);
  return (
    <section
      ref={column}
      aria-label={t('toast.region')}
      style={{
        position: 'fixed',
        ...place,
        // Above modals (200), below menus and popovers (300), which open where a toast may stand.
        zIndex: 250,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        width,
        // Only the toasts themselves take clicks, never the gaps between them.
        pointerEvents: 'none',
      }}
    >
      {items.map((item) => (
        <ToastItem key={item.id} toast={item} />
      ))}
    </section>
  );
}
