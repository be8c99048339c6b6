import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The fences of docs/architecture.md are lint rules (eslint.config.js): each is shown here to refuse a
// planted violation in a file where the rule applies, and to let the same code through where it does not
// (test files, this one too, stand outside the doors' fences).
const eslint = new ESLint();

/** The rules a piece of code breaks, were it written at that path of the project. */
async function brokenRules(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('code fences', { timeout: 60_000 }, () => {
  it('lets only the engine open a store', async () => {
    const code =
      "import { createResourceStore } from '../../engine/resource-store';\nexport const open = createResourceStore;\n";
    expect(await brokenRules('src/server/resources/contacts/planted.ts', code)).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await brokenRules('src/server/engine/planted/planted.ts', code)).toEqual([]);
  });

  it("keeps the store's parts inside the engine", async () => {
    const code =
      "import { createStoreReads } from '../engine/resource-store-read';\nexport const reads = createStoreReads;\n";
    expect(await brokenRules('src/server/routes/planted.ts', code)).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
  });

  it('refuses a "not deleted" filter written by hand outside the engine', async () => {
    const raw =
      "import { sql } from 'drizzle-orm';\nexport const live = sql`select id from tickets t where t.deleted_at is null`;\n";
    const rawText = "import { sql } from 'drizzle-orm';\nexport const live = sql.raw('m.deleted_at IS NULL');\n";
    const drizzle =
      "import { isNull } from 'drizzle-orm';\nimport { users } from '../../db/schema';\nexport const live = isNull(users.deletedAt);\n";
    for (const code of [raw, rawText, drizzle]) {
      expect(await brokenRules('src/server/resources/tickets/planted.ts', code)).toEqual(['no-restricted-syntax']);
      expect(await brokenRules('src/server/engine/planted.ts', code)).toEqual([]);
    }
  });

  it('keeps the engine from importing the resources, and the database layer from importing the engine', async () => {
    const resources = "import { resourceHooks } from '../resources/registry';\nexport const hooks = resourceHooks;\n";
    expect(await brokenRules('src/server/engine/planted.ts', resources)).toEqual(['no-restricted-imports']);
    const engine = "import { isLive } from '../engine/record-scope';\nexport const live = isLive;\n";
    expect(await brokenRules('src/server/db/planted.ts', engine)).toEqual(['no-restricted-imports']);
  });

  it("keeps the import assistant to the operations' batch door for its writes", async () => {
    const table = "import { resourceTables } from '../db/schema';\nexport const tables = resourceTables;\n";
    const named = "import { individualsTable } from '../db/schema';\nexport const table = individualsTable;\n";
    const statements =
      "import { insertRecords } from '../engine/resource-batch-writes';\nexport const insert = insertRecords;\n";
    for (const code of [table, named, statements]) {
      expect(await brokenRules('src/server/import-assistant/planted.ts', code)).toEqual(['no-restricted-imports']);
      expect(await brokenRules('src/server/engine/planted.ts', code)).toEqual([]);
    }
    // Its own job tables stay its own.
    const jobs = "import { importJobRejections } from '../db/schema';\nexport const table = importJobRejections;\n";
    expect(await brokenRules('src/server/import-assistant/planted.ts', jobs)).toEqual([]);
  });

  it('keeps the web away from the server', async () => {
    const code = "import { users } from '../../server/db/schema';\nexport const table = users;\n";
    expect(await brokenRules('src/web/screens/planted.ts', code)).toEqual(['no-restricted-imports']);
  });
});
