import { describe, expect, it } from 'vitest';
import { cleanUp } from '../../src/server/jobs/maintenance';
import { loginThrottles, passwordResets, sessions } from '../../src/server/db/schema';
import { path } from '../../src/shared/routes';
import { authHeaders, logIn, useAdminApp } from '../support/test-app';
import { temporaryUploadsDir } from '../support/test-database';

const t = useAdminApp();
const HOUR = 60 * 60 * 1000;

describe('the hourly maintenance job', () => {
  it('removes what can no longer serve — expired sessions, old links and counters — and keeps the rest', async () => {
    const userId = t.admin.session.user.id;
    const ago = (ms: number) => new Date(Date.now() - ms);
    await t.database.db.insert(sessions).values([
      { id: 'perimee', userId, csrfToken: 'x', expiresAt: ago(HOUR), persistent: true },
      {
        id: 'inactive',
        userId,
        csrfToken: 'x',
        expiresAt: new Date(Date.now() + HOUR),
        persistent: false,
        lastSeenAt: ago(3 * HOUR),
      },
    ]);
    await t.database.db.insert(passwordResets).values([
      { userId, tokenHash: 'ancien', purpose: 'reset', expiresAt: ago(48 * HOUR) },
      { userId, tokenHash: 'en-cours', purpose: 'reset', expiresAt: new Date(Date.now() + HOUR) },
    ]);
    await t.database.db.insert(loginThrottles).values([
      { key: 'ip:192.0.2.1', windowStart: ago(2 * HOUR), failures: 3 },
      { key: 'ip:192.0.2.2', windowStart: ago(60_000), failures: 3 },
    ]);
    const live = await logIn(t.app);

    const uploadsDir = await temporaryUploadsDir();
    await cleanUp(t.database.db, uploadsDir);
    await cleanUp(t.database.db, uploadsDir);

    const left = await t.database.db.select({ id: sessions.id }).from(sessions);
    expect(left.map(({ id }) => id)).not.toContain('perimee');
    expect(left.map(({ id }) => id)).not.toContain('inactive');
    const session = await t.app.inject({ method: 'GET', url: path('api.session'), headers: authHeaders(live) });
    expect(session.statusCode).toBe(200);
    const links = await t.database.db.select({ tokenHash: passwordResets.tokenHash }).from(passwordResets);
    expect(links.map(({ tokenHash }) => tokenHash)).toEqual(['en-cours']);
    const counters = await t.database.db.select({ key: loginThrottles.key }).from(loginThrottles);
    expect(counters.map(({ key }) => key)).toEqual(['ip:192.0.2.2']);
  });
});
