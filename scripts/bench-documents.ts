/**
 * npm run bench:documents — documents from template files (docs/documents.md) on a scratch PostgreSQL
 * database (BENCH_DATABASE_URL, default the local server), dropped afterwards, the app in-process:
 * one project's Word document (POST /api/projet/export/{id}) p50 and p95 over 50 requests (goal
 * ≤ 150 ms), then a ZIP of 100 and of 1 000 projects (BENCH_DOCUMENTS_SIZES), built by the background
 * job: documents per second and the process's peak RSS and V8 heap (sampled every 50 ms; goal: flat).
 */
// The server's heap growth (main.ts imports it first): the app runs in this process.
import '../src/server/heap-growth';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDatabase, rowsOf } from '../src/server/db/database';
import { docxOf } from '../src/server/documents/docx-skeleton';
import { path as routePath } from '../src/shared/routes';
import { createScratchDatabase } from '../tests/support/test-database';
import { benchCredentials, benchUploadsDir, seedBenchAdministrator } from './bench-databases';
import { machineLoad } from './bench-server';

const sizes = (process.env.BENCH_DOCUMENTS_SIZES ?? '100,1000').split(',').map(Number);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
/** With node --expose-gc: the heap still reachable after a full collection (what the process holds). */
const liveHeap = () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return '';
  gc();
  return `, live heap after a full GC ${Math.round(process.memoryUsage().heapUsed / 1024 / 1024)} MB`;
};
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function main() {
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  await database.migrate();
  await seedBenchAdministrator(database);
  const app = await buildApp({ database, uploadsDir: benchUploadsDir(), logLevel: 'silent' });
  try {
    await app.ready();
    const login = await app.inject({ method: 'POST', url: routePath('api.login'), payload: benchCredentials });
    const cookie = login.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const headers = { cookie, 'x-csrf-token': login.json<{ csrfToken: string }>().csrfToken };
    const send = async (method: 'GET' | 'POST', url: string, payload?: unknown, type?: string) => {
      const response = await app.inject({
        method,
        url,
        headers: { ...headers, ...(type ? { 'content-type': type } : {}) },
        payload: payload as never,
      });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response;
    };
    const template = docxOf([
      'Objet : votre projet {{ projet.reference }}',
      '{{ porteur.civilite }} {{ porteur.prenom }} {{ porteur.nom }}, {{ porteur.adresse }} {{ porteur.commune }}',
      '{{#actes}}',
      '{{ date }} – {{ objet }} ({{ conseiller }})',
      '{{/actes}}',
      'Suivi par {{ conseiller.nom }} ({{ conseiller.email }}), le {{ date_du_jour }}.',
    ]);
    const file = (
      await send(
        'POST',
        routePath('api.upload', { dossier: 'fichier-type', nom: 'Lettre.docx' }),
        template,
        'application/octet-stream',
      )
    ).json<{ path: string }>().path;
    const templateId = (
      await send('POST', routePath('api.resource.collection', { resource: 'fichier-type' }), { name: 'Lettre', file })
    ).json<{ id: number }>().id;
    await send('GET', routePath('api.resource.publish', { resource: 'fichier-type', id: templateId }));

    const largest = Math.max(...sizes, 50);
    const projects = await rowsOf<{ id: number }>(
      database.db,
      sql`with owners as (
          insert into individuals (civility, last_name, first_name, address)
          select 'madame', 'Foyer' || n, 'Camille', n || ' rue des Lilas' from generate_series(1, ${largest}) n
          returning id, last_name)
        insert into projects (name, reference, owner_individual, status)
        select 'Projet ' || last_name, 'BENCH-' || id, id, 'public' from owners returning id`,
    );
    const ids = projects.map(({ id }) => Number(id));
    await database.db.execute(sql`insert into project_comments (project, subject, act_date)
      select p.id, 'Acte ' || n, date '2026-01-01' + n from projects p, generate_series(1, 3) n`);
    await database.db.execute(sql`analyze`);
    console.log(`bench:documents — PostgreSQL, ${machineLoad()}`);

    const times: number[] = [];
    for (let run = 0; run < 55; run += 1) {
      const started = performance.now();
      await send('POST', routePath('api.projects.document_export', { id: ids[run % ids.length]! }), {
        fichierType: templateId,
      });
      if (run >= 5) times.push(performance.now() - started); // 5 warm-up requests
    }
    console.log(
      `one project's Word document: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (goal ≤ 150 ms)`,
    );

    for (const size of sizes) {
      let peak = rss();
      let heap = 0;
      const sample = () => {
        peak = Math.max(peak, rss());
        heap = Math.max(heap, process.memoryUsage().heapUsed / 1024 / 1024);
      };
      const sampler = setInterval(sample, 50);
      const started = performance.now();
      const job = (
        await send('POST', routePath('api.projects.export_multiple'), {
          fichierType: templateId,
          ids: ids.slice(0, size),
        })
      ).json<{ job: string }>().job;
      for (;;) {
        const state = (await send('GET', routePath('api.projects.documents_job', { job }))).json<{ status: string }>();
        if (state.status === 'failed') throw new Error('the ZIP failed');
        if (state.status === 'done') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const zip = await send('GET', routePath('api.projects.documents_job_file', { job }));
      console.log(
        `ZIP of ${size} projects: ${seconds.toFixed(1)} s, ${Math.round(size / seconds)} documents/s, ` +
          `${(zip.rawPayload.length / 1024 / 1024).toFixed(1)} MB, peak RSS ${Math.round(peak)} MB, peak heap ${Math.round(heap)} MB` +
          liveHeap(),
      );
    }
  } finally {
    await app.close();
    await database.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
