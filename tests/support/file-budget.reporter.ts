import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the slowest test files at the end of every run, names those over their budget, and fails
 * the run when one took over twice its budget: a file that grows slowly shows here long before CI's
 * total does. The budget is a file's time while both of CI's passes share the machine's two cores
 * (about twice its time alone): 120 s there is about a minute on an idle machine. Only twice that
 * fails, since CI's machine can be slower than this one (a whole run took 1.65 times as long there).
 */
export const FILE_BUDGET_MS = 120_000;
const FAILING_MS = 2 * FILE_BUDGET_MS;
const SHOWN = 15;

/** A file's own time: importing it, then its tests and hooks (server and browser start included). */
const fileTime = (module: TestModule) => {
  const { collectDuration, setupDuration, duration } = module.diagnostic();
  return collectDuration + setupDuration + duration;
};

export default class FileBudgetReporter implements Reporter {
  /** Each file as it ends, by project and path. */
  private readonly ended = new Map<string, TestModule>();

  onTestModuleEnd(module: TestModule): void {
    this.ended.set(`${module.project.name} ${module.moduleId}`, module);
  }

  onTestRunEnd(): void {
    const timed = [...this.ended.values()]
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
    if (over.some(({ ms }) => ms > FAILING_MS)) process.exitCode = 1;
  }
}
