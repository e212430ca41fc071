// The production build's app servers that the multi-instance benches (bench:db, bench:contention,
// bench:auth-burst) measure: started side by side on one database at ports PORT, PORT+1, …, with
// one session secret, waited for on /healthz, handed to the bench, then stopped and waited for
// (withInstances). Also the users they sign in as (scripts/bench/seed-users.ts) and the tally of
// answers by status they print.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export type Instances = {
  databaseUrl: string;
  count: number;
  /** The first instance's port; the others follow it. PUBLIC_URL names this one. */
  port: number;
  /** One random secret for every instance: production refuses a published one. */
  secret: string;
  /** What the bench sets beyond the common environment (flags, schedulers off, pool size). */
  env: Record<string, string>;
  /** The servers' error output: shown as it comes, dropped, or handed to the bench chunk by chunk. */
  stderr: 'inherit' | 'ignore' | ((chunk: string) => void);
  /** How long each instance may take to answer /healthz (90 s when not given). */
  healthTimeoutMs?: number;
};

/** The running instances as the bench's requests see them. */
export type Running = {
  /** The origin of the next instance in turn: successive requests alternate between them. */
  base: () => string;
};

/** Starts the instances, runs `measure` once all answer /healthz, and stops them however it ends. */
export async function withInstances<T>(
  instances: Instances,
  measure: (running: Running) => Promise<T>,
): Promise<T> {
  const servers = startInstances(instances);
  try {
    const ports = servers.map((_, i) => instances.port + i);
    for (const port of ports) await waitHealthy(port, instances.healthTimeoutMs);
    let next = 0;
    return await measure({ base: () => `http://127.0.0.1:${ports[next++ % ports.length]}` });
  } finally {
    await stopInstances(servers);
  }
}

/** Only the measured requests: no jobs worker, no scheduled audits or tracking rounds. */
export const NO_BACKGROUND_WORK = {
  JOBS_WORKER: 'false',
  AUDIT_SCHEDULER: 'false',
  TRACKING_SCHEDULER: 'false',
  DEMO_TRACKING: 'false',
};

function startInstances({ databaseUrl, count, port, secret, env, stderr }: Instances) {
  return Array.from({ length: count }, (_, i) => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        PORT: String(port + i),
        SESSION_SECRET: secret,
        ...env,
      },
      stdio: ['ignore', 'ignore', typeof stderr === 'function' ? 'pipe' : stderr],
    });
    if (typeof stderr === 'function')
      server.stderr!.on('data', (chunk: Buffer) => stderr(chunk.toString()));
    return server;
  });
}

async function waitHealthy(port: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`instance on ${port} did not come up`);
}

/** Asks every instance to stop and waits until each has exited. */
async function stopInstances(servers: ChildProcess[]) {
  for (const server of servers) server.kill('SIGTERM');
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) =>
          server.exitCode !== null ? resolve(null) : server.once('exit', resolve),
        ),
    ),
  );
}

/**
 * COUNT users bench-<n>@example.com with one password (scripts/bench/seed-users.ts); `tier` is its
 * BENCH_TIER (the top plan when not given). Throws when seeding fails.
 */
export function seedUsers(databaseUrl: string, count: number, password: string, tier?: string) {
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/seed-users.ts', String(count), password],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, ...(tier ? { BENCH_TIER: tier } : {}) },
      stdio: 'inherit',
    },
  );
  if (seeded.status !== 0) throw new Error('seeding failed');
}

/** How many answers had each status. */
export function tally(statuses: number[]) {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return counts;
}

/** "3 x 201, 1 x 403": the counts by status, lowest status first. */
export const shown = (counts: Map<number, number>) =>
  [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([status, n]) => `${n} x ${status}`)
    .join(', ');
