import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { migrate } from '../../scripts/db-migrate';
import { startPgCluster } from '../../scripts/lib/pg-cluster';

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
