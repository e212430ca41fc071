import { describe, expect, it } from 'vitest';
import { databaseEngine, db } from '~/lib/db.server';
import { loader as healthz } from '~/routes/healthz';

// Which engine this run of the suite is on (npm test runs it once on each).
describe('database engine', () => {
  it('is the one the run asked for', async () => {
    expect(databaseEngine).toBe(
      process.env.TEST_DATABASE === 'postgresql' ? 'postgresql' : 'sqlite',
    );
    expect(await db.user.count()).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /healthz', () => {
  it('answers 200 when the database answers, without cookies or caching', async () => {
    const response = await healthz();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });
});
