// Zod compiles its object parsers with `new Function` unless told not to, and probes for it first:
// under our CSP (no 'unsafe-eval') each probe is a reported violation. Zod reads its settings from
// this global when a schema is built, so it is set before any chunk builds one, without loading zod
// into the first page (the login page has none).
const settings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
settings.__zod_globalConfig = { ...settings.__zod_globalConfig, jitless: true };

export {};
