import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the slowest test files at the end of every run, and fails the run when one of them took
 * longer than its budget: a file that grows slowly shows here long before CI's total does.
 */
export const FILE_BUDGET_MS = 90_000;
const SHOWN = 15;

/** A file's own time: importing it, then its tests and hooks (server and browser start included). */
const fileTime = (module: TestModule) => {
  const { collectDuration, setupDuration, duration } = module.diagnostic();
  return collectDuration + setupDuration + duration;
};

export default class FileBudgetReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timed = modules
      .filter((module) => module.state() !== 'skipped')
      .map((module) => ({ module, ms: fileTime(module) }))
      .sort((a, b) => b.ms - a.ms);
    if (timed.length === 0) return;
    const name = (module: TestModule) => `${module.project.name} ${path.relative(process.cwd(), module.moduleId)}`;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
    console.log(`\nSlowest test files (budget ${FILE_BUDGET_MS / 1000} s a file):`);
    for (const { module, ms } of timed.slice(0, SHOWN)) console.log(`${seconds(ms)}  ${name(module)}`);
    const over = timed.filter(({ ms }) => ms > FILE_BUDGET_MS);
    if (over.length === 0) return;
    console.error(`\n${over.length} test file(s) over the ${FILE_BUDGET_MS / 1000} s budget: split or speed them up.`);
    for (const { module, ms } of over) console.error(`${seconds(ms)}  ${name(module)}`);
    process.exitCode = 1;
  }
}
