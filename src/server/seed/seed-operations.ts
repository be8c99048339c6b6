import pino from 'pino';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { Mailer } from '../mail/mailer';
import { createResourceOperations, type ResourceOperations } from '../engine/resource-operations';
import type { OperationContext } from '../engine/server-resource';
import { systemActor } from '../auth/actor';
import { serverHooks } from '../resources/registry';

/** The demo data's door: the operations over the seed's transaction, and the server as their actor. */
export interface SeedOperations {
  operations: ResourceOperations;
  context: OperationContext;
}

/** Used before the app starts, so nothing may need it: a call is a bug, said at once. */
const notYet = (what: string) => () => {
  throw new Error(`${what}: not before the app starts.`);
};

/**
 * The operations the first start writes the demo data through, in its transaction, as the server
 * (systemActor): the permission, rules and audit trail of any write. The job queue and the mailer
 * come with the app, after the seed: the demo's after-commit work (its tickets' attribution
 * notifications) is not queued — a first start mails no one, and `seedTicketSteps` writes the
 * notifications the demo shows.
 */
export function seedOperations(tx: Database, adminId: number): SeedOperations {
  const jobs: JobQueue = {
    send: async () => {},
    work: notYet('job queue'),
    schedule: notYet('job queue'),
    stop: async () => {},
  };
  const mailer: Mailer = {
    url: notYet('mailer'),
    queue: notYet('mailer'),
    send: notYet('mailer'),
    dispatch: notYet('mailer'),
    start: notYet('mailer'),
    close: async () => {},
  };
  return {
    operations: createResourceOperations({ db: tx, mailer, jobs, hooksOf: serverHooks }),
    context: { actor: systemActor(adminId), locale: 'fr', log: pino({ enabled: false }) },
  };
}
