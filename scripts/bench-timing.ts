import { performance } from 'node:perf_hooks';

/** The p-th percentile of durations (nearest rank). */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/**
 * Times two actions run in alternation, so both see the same conditions (caches, background work
 * of the database after the fill); 10 warm-up rounds first.
 */
export async function timeSideBySide(
  runs: number,
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
): Promise<[number[], number[]]> {
  const durations: [number[], number[]] = [[], []];
  for (let round = -10; round < runs; round += 1) {
    for (const [index, action] of [first, second].entries()) {
      const start = performance.now();
      await action();
      if (round >= 0) durations[index]!.push(performance.now() - start);
    }
  }
  return durations;
}
