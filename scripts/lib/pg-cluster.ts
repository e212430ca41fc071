// A throw-away PostgreSQL cluster for tests, migrations diffs and benchmarks: Debian's PostgreSQL 15
// binaries (installed from apt when missing), run as an unprivileged user because initdb refuses
// root, on a free port in a temporary directory, removed by stop(). The cluster's locale is C, the
// collation the app expects of PostgreSQL (text compares and sorts as on SQLite).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

function ensureBinaries() {
  if (existsSync(path.join(BIN, 'initdb'))) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) => {
    const [command, ...rest] = [...sudo, ...args];
    execFileSync(command!, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'postgresql-15']);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type PgCluster = { url: (database: string) => string; port: number; stop: () => void };

const PREFIX = 'aiv-pg-';

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Clusters an earlier process left behind (killed before its clean-up ran): no server running from
 * them, and untouched for ten minutes, so never one that another process is creating right now.
 */
export function removeAbandonedClusters() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmpdir(), name);
    try {
      const pidFile = path.join(dir, 'data', 'postmaster.pid');
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
      // Young ones are never touched, whatever their pid file says: while another process's
      // initdb writes its cluster, bootstrap backends come and go, and for a moment the pid file
      // names one that has just exited.
      const data = path.join(dir, 'data');
      const touched = Math.max(
        statSync(dir).mtimeMs,
        existsSync(data) ? statSync(data).mtimeMs : 0,
      );
      if (Date.now() - touched < 10 * 60 * 1000 || (pid && alive(pid))) continue;
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another process is removing it, or it is not ours to read: leave it.
    }
  }
}

export async function startPgCluster(): Promise<PgCluster> {
  ensureBinaries();
  removeAbandonedClusters();
  const dir = mkdtempSync(path.join(tmpdir(), PREFIX));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (binary: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(BIN, binary);
    const full = asRoot ? ['-u', 'nobody', '--', path.join(BIN, binary), ...args] : args;
    const result = spawnSync(command, full, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${binary} failed: ${result.stderr || result.stdout}`);
    }
  };
  run('initdb', ['-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres', '--locale=C', '-E', 'UTF8']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    `${dir}/data`,
    '-w',
    '-l',
    `${dir}/log`,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
    'start',
  ]);
  let stopped = false;
  /** Stops the server (if it is still running) and removes its files; never throws. */
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', `${dir}/data`, '-m', 'immediate', 'stop']);
    } catch {
      // Already stopped (a signal to the whole process group reaches the server too).
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A process that ends without calling stop() still takes its cluster with it.
  process.once('exit', stop);
  return {
    port,
    url: (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    stop,
  };
}

/** Creates database `name` on the cluster and returns its URL. */
export async function createDatabase(cluster: PgCluster, name: string) {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return cluster.url(name);
}
