import { setFlagsFromString } from 'node:v8';

/**
 * V8 lets its old generation fill to up to four times the live heap before a full collection, so a
 * long export or mailing peaked at two or three times what it held, higher the longer it ran.
 * Growing it by a quarter at most between collections keeps the peak near the live heap, whatever
 * the selection (bench:documents and bench:mailing, docs/benchmarks.md). Imported first by main.ts.
 */
setFlagsFromString('--heap-growing-percent=25');
