import type { FastifyRequest } from 'fastify';
import {
  deviceOf,
  type LoginApplication,
  type LoginState,
} from '../../shared/resources/historique-connexions.resource';
import { clock } from '../clock';
import type { Database } from '../db/database';
import { loginHistoryTable } from '../db/schema';

export interface LoginAttempt {
  username: string;
  state: LoginState;
  application: LoginApplication;
  /** The account the username names, when there is one. */
  userId: number | null;
  /** Who logs in as that account, for application "impersonation". */
  impersonatorId?: number;
}

/** Writes one row of the login history (spec 3); the login routes are its only writers. */
export async function recordLoginAttempt(db: Database, request: FastifyRequest, attempt: LoginAttempt): Promise<void> {
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, 1000);
  await db.insert(loginHistoryTable).values({
    date: clock.now(),
    username: attempt.username.slice(0, 255),
    state: attempt.state,
    application: attempt.application,
    device: deviceOf(userAgent),
    ipAddress: request.ip,
    userAgent,
    user: attempt.userId,
    impersonator: attempt.impersonatorId ?? null,
  });
}
