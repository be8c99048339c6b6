import { VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** Spec 9's counter-up: it starts 100 ms after the figure is shown and reaches it in 1 200 ms. */
export const counterUp = { delayMs: 100, durationMs: 1200 };

/**
 * A figure that counts up from 0 as it appears; at once for whoever asks for reduced motion. Screen
 * readers read the figure itself, never the numbers passing.
 */
export function CountUp({ value }: { value: number }) {
  const reducedMotion = useReducedMotion();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (reducedMotion) return;
    let frame = 0;
    const start = performance.now() + counterUp.delayMs;
    const step = (now: number) => {
      const progress = Math.min(1, Math.max(0, (now - start) / counterUp.durationMs));
      setShown(Math.round(value * progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, reducedMotion]);
  return (
    <>
      <span aria-hidden="true">{reducedMotion ? value : shown}</span>
      <VisuallyHidden>{value}</VisuallyHidden>
    </>
  );
}
