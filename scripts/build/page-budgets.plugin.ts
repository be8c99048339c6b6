import path from 'node:path';
import type { Plugin } from 'vite';
import type { AssetSizes } from './precompressed-assets.plugin.ts';

export interface PageBudget {
  /** What the figure says, e.g. "login page". */
  label: string;
  /** The source files (from Vite's root) whose code the page runs besides the previous page's: its route's screens. */
  modules: string[];
  /** Brotli-compressed bytes of JavaScript and CSS the page may add to the previous one's (the first: to nothing). */
  budget: number;
  /** Code the page must not load: module paths matching one of these fail the build. */
  forbidden?: RegExp[];
}

interface OutputChunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  css: string[];
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Checks, after each build, what each page of a visit makes the browser download (a chain of pages:
 * login, then the dashboard, then a list): the entry chunk, the chunks holding the pages' screens,
 * everything they import statically and their CSS, counted brotli-compressed as the server sends
 * them. Prints the figures, and fails the build when a page exceeds its budget or loads forbidden
 * code (the login page, the back office's engine).
 */
export function pageBudgets(pages: PageBudget[], sizes: AssetSizes): Plugin {
  let root = '';
  let chunks: OutputChunk[] = [];
  return {
    name: 'page-budgets',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(_options, bundle) {
      chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                isEntry: output.isEntry,
                imports: output.imports,
                moduleIds: output.moduleIds,
                css: [...(output.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
    },
    closeBundle() {
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** A chunk, the chunks it imports statically (the browser fetches them before running it), and their CSS. */
      const closure = (fileName: string, files: Set<string>) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        const chunk = byFile.get(fileName);
        for (const css of chunk?.css ?? []) files.add(css);
        for (const imported of chunk?.imports ?? []) closure(imported, files);
      };
      const loaded = new Set<string>();
      const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);

      const failures: string[] = [];
      console.log('\nPage weight (JavaScript and CSS, brotli, as served):');
      for (const page of pages) {
        const before = new Set(loaded);
        // The first page loads the entry (index.html's script and CSS) too.
        if (before.size === 0) for (const entry of entries) closure(entry, loaded);
        for (const module of page.modules) {
          const id = path.resolve(root, module);
          const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
          if (!chunk) {
            failures.push(`${page.label}: ${module} is in no chunk (moved or renamed? update vite.config.ts)`);
            continue;
          }
          closure(chunk.fileName, loaded);
        }
        const added = [...loaded].filter((file) => !before.has(file));
        // PAGE_BUDGETS_FILES=1 npm run build:web lists each page's files.
        if (process.env.PAGE_BUDGETS_FILES)
          for (const file of added) console.log(`    ${file} ${kB(sizes.get(file)?.brotli ?? 0)}`);
        const bytes = added.reduce((sum, file) => sum + (sizes.get(file)?.brotli ?? 0), 0);
        const raw = added.reduce((sum, file) => sum + (sizes.get(file)?.raw ?? 0), 0);
        const over = bytes > page.budget;
        console.log(
          `  ${page.label.padEnd(36)}${kB(bytes).padStart(10)} of ${kB(page.budget).padEnd(9)}` +
            ` (${added.length} files, ${kB(raw)} uncompressed)${over ? '  OVER BUDGET' : ''}`,
        );
        if (over) failures.push(`${page.label}: ${kB(bytes)}, over its budget of ${kB(page.budget)}`);
        const modules = [...loaded].flatMap((file) => byFile.get(file)?.moduleIds ?? []);
        for (const pattern of page.forbidden ?? []) {
          const found = modules.filter((module) => pattern.test(module));
          if (found.length > 0) {
            failures.push(
              `${page.label} loads code it must not (${pattern}): ${found
                .slice(0, 5)
                .map((module) => path.relative(root, module))
                .join(', ')}${found.length > 5 ? '…' : ''}`,
            );
          }
        }
      }
      if (failures.length > 0) throw new Error(`Page budgets exceeded:\n  ${failures.join('\n  ')}`);
    },
  };
}
