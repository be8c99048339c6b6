import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { communesTable } from '../db/schema';

/** A commune as @etalab/decoupage-administratif describes it: the attributes kept here. */
export interface CommuneSource {
  code: string;
  nom: string;
  /** 'commune-actuelle' for current communes; delegated and associated ones, districts otherwise. */
  type: string;
  departement?: string;
  codesPostaux?: string[];
}

export interface CommunesLoadResult {
  /** Current communes in the source. */
  total: number;
  /** Rows inserted or changed: unchanged rows are left alone. */
  written: number;
}

/** Rows per INSERT, sent as one JSON parameter: building 35 000 rows of parameters costs more than the insert. */
const BATCH_SIZE = 1000;

/** Every commune of the package's data file (communes.json, ~37 500 entries of every type). */
export async function packagedCommunes(): Promise<CommuneSource[]> {
  const file = createRequire(import.meta.url).resolve('@etalab/decoupage-administratif/data/communes.json');
  return JSON.parse(await readFile(file, 'utf8')) as CommuneSource[];
}

/** How many communes the table holds, deleted ones included. */
export async function communesCount(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(communesTable);
  return row?.total ?? 0;
}

/**
 * Inserts or updates the current communes (the package's by default) by INSEE code, in one
 * transaction and batches of 1 000 rows. Unchanged communes are not rewritten: loading twice changes nothing.
 */
export async function loadCommunes(db: Database, source?: CommuneSource[]): Promise<CommunesLoadResult> {
  const rows = (source ?? (await packagedCommunes()))
    .filter((commune) => commune.type === 'commune-actuelle')
    .map((commune) => ({
      insee_code: commune.code,
      name: commune.nom,
      postal_codes: commune.codesPostaux ?? [],
      department: commune.departement ?? '',
    }));
  // The partial unique index on live rows' INSEE codes, named by its predicate for ON CONFLICT: not a filter.
  // eslint-disable-next-line no-restricted-syntax
  const liveInseeIndex = sql.raw('(insee_code) where deleted_at is null');
  const written = await db.transaction(async (tx) => {
    let total = 0;
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      const batch = JSON.stringify(rows.slice(start, start + BATCH_SIZE));
      // Both drivers answer { rows }.
      const result = (await tx.execute(sql`
        with saved as (
          insert into ${communesTable} as commune (insee_code, name, postal_codes, department)
          select * from jsonb_to_recordset(${batch}::jsonb)
            as source(insee_code text, name text, postal_codes text[], department text)
          on conflict ${liveInseeIndex} do update
            set name = excluded.name, postal_codes = excluded.postal_codes, department = excluded.department,
                updated_at = now()
            where (commune.name, commune.postal_codes, commune.department)
              is distinct from (excluded.name, excluded.postal_codes, excluded.department)
          returning 1
        )
        select count(*)::int as written from saved`)) as { rows: { written: number }[] };
      total += result.rows[0]?.written ?? 0;
    }
    return total;
  });
  return { total: rows.length, written };
}
