/**
 * npm run bench:mailing — a mass mailing (issue 27) on the built server over a scratch PostgreSQL
 * database (BENCH_DATABASE_URL, default the local server), dropped afterwards, to a local SMTP sink
 * (smtp-server, counting what it receives), throttling off. For 1 000 then 10 000 recipients
 * (BENCH_MAILING_SIZES): the mailing request's time, the time from "send" to the first and the last
 * mail received, mails per second, and the server's peak memory (RSS sampled every 100 ms; goal: flat
 * from 1 000 to 10 000). The owners and projects are inserted in SQL; the template through the API.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { openDatabase, rowsOf } from '../src/server/db/database';
import { path as routePath } from '../src/shared/routes';
import { createScratchDatabase } from '../tests/support/test-database';
import { spawnBuiltServer } from '../tests/support/server-process';
import { benchCredentials } from './bench-databases';
import { apiLogIn, apiSend, benchedAppDir, machineLoad, startBenchServer } from './bench-server';

const sizes = (process.env.BENCH_MAILING_SIZES ?? '1000,10000').split(',').map(Number);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** An SMTP server that keeps nothing: it counts the mails and notes when each arrived. */
async function startSink() {
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        arrivals.push(performance.now());
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The process's resident memory in MB, from /proc (Linux). */
const rssOf = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0; // the process ended: its output follows the error
  }
};

async function main() {
  const appDir = benchedAppDir();
  const scratch = await createScratchDatabase(serverUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'renov-bench-mailing-'));
  const sink = await startSink();
  const env = {
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    MAIL_FROM: 'conseil@renov.exemple.fr',
  };
  // BENCH_SERVER_NODE_ARGS="--trace-gc": the server's garbage collections, written with its output to
  // BENCH_SERVER_LOG (whether its heap grows, not only its RSS).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean);
  const server = nodeArgs
    ? await spawnBuiltServer(
        appDir,
        { ADMIN_EMAIL: benchCredentials.email, ADMIN_PASSWORD: benchCredentials.password, ...env },
        nodeArgs,
      )
    : await startBenchServer(appDir, env);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  try {
    const session = await apiLogIn(server.baseUrl);
    await apiSend(server.baseUrl, session, 'PUT', routePath('api.configuration.mail'), {
      mailingLimit: 100_000,
      perMinute: 0,
    });
    const template = await apiSend<{ id: number }>(
      server.baseUrl,
      session,
      'POST',
      routePath('api.resource.collection', { resource: 'template-email' }),
      {
        subject: 'Réunion publique sur la rénovation, {{ porteur.nom }}',
        content:
          '<p>Bonjour {{ porteur.civilite }} {{ porteur.prenom }} {{ porteur.nom }},</p><p>Votre projet {{ projet.reference }} « {{ projet.nom }} » : une réunion publique a lieu le mois prochain.</p>',
        signature: '<p>{{ conseiller.nom }}</p>',
      },
    );
    console.log(`bench:mailing — ${machineLoad()}`);
    for (const size of sizes) {
      const prefix = `B${size}-`;
      const projects = await rowsOf<{ id: number }>(
        database.db,
        sql`
        with owners as (
          insert into individuals (civility, last_name, first_name, email)
          select 'madame', 'Foyer' || n, 'Camille', 'foyer' || n || '-' || ${size} || '@exemple.fr'
          from generate_series(1, ${size}) n returning id, last_name)
        insert into projects (name, reference, owner_individual, status)
        select 'Projet ' || last_name, ${prefix} || id, id, 'public' from owners returning id`,
      );
      const ids = projects.map(({ id }) => Number(id));
      await database.db.execute(sql`analyze`);

      const before = sink.arrivals.length;
      let peak = rssOf(server.child.pid!);
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.child.pid!))), 100);
      const started = performance.now();
      const reply = await apiSend<{ recipients: number }>(
        server.baseUrl,
        session,
        'POST',
        routePath('api.projects.mailing_send'),
        { template: template.id, projets: ids },
      );
      const answered = performance.now();
      while (sink.arrivals.length - before < reply.recipients) {
        if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error('the server ended');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      clearInterval(sampler);
      const first = sink.arrivals[before]! - started;
      const last = sink.arrivals.at(-1)! - started;
      const sending = (sink.arrivals.at(-1)! - sink.arrivals[before]!) / 1000;
      console.log(
        `${size} recipients: request ${Math.round(answered - started)} ms, first mail ${Math.round(first)} ms, ` +
          `last ${(last / 1000).toFixed(1)} s, ${Math.round(reply.recipients / Math.max(sending, 0.001))} mails/s, ` +
          `server peak RSS ${Math.round(peak)} MB`,
      );
    }
  } catch (error) {
    console.error(server.output().slice(-3000));
    throw error;
  } finally {
    if (process.env.BENCH_SERVER_LOG) writeFileSync(process.env.BENCH_SERVER_LOG, server.output());
    await database.close();
    await server.stop();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
