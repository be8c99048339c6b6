import { expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';

it('answers 503 on /api/health once the database no longer answers', async () => {
  const t = await createTestApp();
  await t.database.close();
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ status: 'unavailable' });
  await t.app.close();
});
