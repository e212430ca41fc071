import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { migrate } from '../../scripts/db-migrate';
import { startPgCluster } from '../../scripts/lib/pg-cluster';
import { E2E_SESSION_SECRET } from '../../playwright.config';

/** One request on its own connection (no keep-alive), so "in flight" means accepted by the server. */
function post(port: number, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          Connection: 'close',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// `npm start` on SIGTERM (a load balancer's rolling restart): the requests in flight are answered,
// then the process exits by itself, the PostgreSQL pool included.
test('SIGTERM finishes the requests in flight and exits cleanly', async () => {
  test.setTimeout(90_000);
  const cluster = await startPgCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE shutdown');
    await admin.end();
    const databaseUrl = cluster.url('shutdown');
    await migrate(databaseUrl, true);

    const port = 3290 + (process.pid % 50);
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Production refuses to start without its own secret (issue 41).
        SESSION_SECRET: E2E_SESSION_SECRET,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    await expect
      .poll(() => post(port, '/api/auth/login', {}).catch(() => 0), { timeout: 30_000 })
      .toBe(400);

    // Sign-ins are deliberately slow (scrypt): these are still being answered at the SIGTERM.
    const inFlight = Array.from({ length: 16 }, (_, i) =>
      post(port, '/api/auth/login', {
        email: `nobody-${i}@example.com`,
        password: 'wrong-password',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.kill('SIGTERM');

    expect(await Promise.all(inFlight)).toEqual(Array(16).fill(401));
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000)),
    ]);
    expect(code).toBe(0);
    await expect(post(port, '/api/auth/login', {})).rejects.toThrow();
  } finally {
    cluster.stop();
  }
});

// The hourly scan's rounds under way at the SIGTERM (issue 40): the embedded engine on SQLite stops
// within 15 s, gives back every job it was running (none is left "running" for its lease to
// expire), and a restart finishes the rounds with each question answered once.
test('SIGTERM while the scheduled rounds run stops within 15 s and gives every job back (SQLite)', async () => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'aiv-shutdown-'));
  const databaseUrl = `file:${path.join(dir, 'rounds.db')}`;
  try {
    await migrate(databaseUrl, true);
    const seeded = spawnSync('npm', ['run', '--silent', 'db:seed:demo'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        // Enough rounds that some are still queued when the signal comes, few enough that the
        // restart drains them in seconds (the whole suite shares two cores).
        DEMO_CUSTOMERS: '30',
        DEMO_TRACKING: 'true',
      },
      stdio: 'ignore',
    });
    expect(seeded.status).toBe(0);

    const port = 3350 + (process.pid % 50);
    const start = () => {
      const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          SESSION_SECRET: E2E_SESSION_SECRET,
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          DEMO_TRACKING: 'true',
          AUDIT_SCHEDULER: 'false',
          TRACKING_SCHEDULE_CRON: '* * * * *',
          TRACKING_ROUND_SPREAD_MINUTES: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
      server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      return { server, exited, log: () => log };
    };
    const reader = new Database(databaseUrl.replace(/^file:/, ''), { readonly: true });
    const count = (sql: string) => (reader.prepare(sql).get() as { n: number }).n;
    const asks = `SELECT count(*) AS n FROM "Job" WHERE "queue" = 'tracking-ask-demo'`;

    const first = start();
    // The scan fires at the next minute; then the rounds fan out and the asks run.
    await expect
      .poll(() => count(`${asks} AND "state" = 'done'`), { timeout: 120_000, intervals: [500] })
      .toBeGreaterThan(20);
    expect(count(`${asks} AND "state" IN ('queued', 'running')`)).toBeGreaterThan(0);

    const stopping = Date.now();
    first.server.kill('SIGTERM');
    const code = await Promise.race([
      first.exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000)),
    ]);
    expect(code).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(15_000);
    expect(count(`SELECT count(*) AS n FROM "Job" WHERE "state" = 'running'`)).toBe(0);
    expect(first.log()).not.toMatch(/Operation has timed out|SQLITE_BUSY/);

    // A restart runs what was given back: every ask answered, once.
    const second = start();
    await expect
      .poll(() => count(`${asks} AND "state" IN ('queued', 'running')`), {
        timeout: 150_000,
        intervals: [1000],
      })
      .toBe(0);
    second.server.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(count(`${asks} AND "state" = 'failed'`)).toBe(0);
    expect(
      count(
        `SELECT count(*) AS n FROM "TrackingAnswer" WHERE "runKey" IN (SELECT "key" FROM "Job" WHERE "queue" = 'tracking-ask-demo')`,
      ),
    ).toBe(count(asks));
    reader.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
