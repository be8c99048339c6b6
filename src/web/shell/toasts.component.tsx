import { Notification, Transition } from '@mantine/core';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { SCREEN_HEADER } from './screen-header.component';
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

/** Below the 56 px header, so toasts never cover the user menu. */
const BELOW_HEADER = 64;

/**
 * Where toasts start while some are shown: below the app's header and below the screen's header
 * (its title and actions) while it is in view, so that no toast hides a button the user reaches
 * for, whatever the window's width makes of that header. Measured each frame: the page changes
 * under a toast (a save goes to the record's page), scrolls and resizes.
 */
function useToastsTop(shown: boolean): number {
  const [top, setTop] = useState(BELOW_HEADER);
  useEffect(() => {
    if (!shown) return;
    let frame = 0;
    const measure = () => {
      const header = document.querySelector(`[${SCREEN_HEADER}]`);
      setTop(Math.max(BELOW_HEADER, header ? Math.ceil(header.getBoundingClientRect().bottom) + 8 : 0));
      frame = requestAnimationFrame(measure);
    };
    measure();
    return () => cancelAnimationFrame(frame);
  }, [shown]);
  return top;
}

export function Toaster() {
  const { t } = useTranslation('js');
  const items = useToasts();
  const top = useToastsTop(items.length > 0);
  return (
    <section
      aria-label={t('toast.region')}
      style={{
        position: 'fixed',
        top,
        right: 16,
        // Above modals (200), below menus and popovers (300), which open where a toast may stand.
        zIndex: 250,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        width: 360,
        maxWidth: 'calc(100vw - 32px)',
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
