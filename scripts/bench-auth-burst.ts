// `npm run bench:auth-burst`: the sign-in and sign-up limits under bursts (issue 41), against the
// production build, each set-up on a fresh database:
// - PostgreSQL, two app instances on one throw-away cluster (scripts/lib/pg-cluster.ts);
// - SQLite, three app instances on one file.
// TRUST_PROXY is on, so each burst comes from the address it names (X-Forwarded-For). Every burst
// is sent all at once, its requests alternating between the instances. A checked guess is an
// answer that looked at the password (401 on a sign-in, 400 "current password is not correct" on
// a password change; 201 for a sign-up that made an account); 429 was turned away before. The
// bursts, as the outside probe sent them:
//   1. 50 wrong passwords for one account from one address (limit 5 per account and address);
//   2. 40 wrong passwords over 40 e-mails from one address (limit 20 per address);
//   3. 30 wrong passwords on one device cookie (limit 5 per browser and account);
//   4. 20 guesses from a new address at an account under distributed guessing (limit 2);
//   5. 15 sign-ups from one address (limit 10 an hour);
//   6. 30 wrong current passwords on a password change from one address (limit 5).
// Prints checked guesses per limit and set-up; exits 1 when any burst checked more than its limit
// or any answer was a 5xx. Knobs: BENCH_PORT (4110), BENCH_SETUPS=postgresql,sqlite.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from './db-migrate';
import { NO_BACKGROUND_WORK, seedUsers, shown, tally, withInstances } from './bench/app-instances';
import { ensureBuild } from './lib/ensure-build';
import { createDatabase, startPgCluster } from './lib/pg-cluster';

const PASSWORD = 'bench-password';
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4110);
const SETUPS = process.env.BENCH_SETUPS ?? 'postgresql,sqlite';

type Burst = {
  name: string;
  limit: number;
  sent: number;
  statuses: Map<number, number>;
  checked: number;
};

async function load(setup: string, databaseUrl: string, instances: number): Promise<Burst[]> {
  await migrate(databaseUrl, true);
  seedUsers(databaseUrl, 4, PASSWORD, 'free');
  const bursts: Burst[] = [];
  const instance = {
    databaseUrl,
    count: instances,
    port: BASE_PORT,
    secret: randomBytes(24).toString('base64url'),
    env: { HOST: '127.0.0.1', TRUST_PROXY: 'true', ...NO_BACKGROUND_WORK },
    stderr: 'ignore',
  } as const;
  await withInstances(instance, async ({ base }) => {
    const post = (pathname: string, body: unknown, ip: string, headers: HeadersInit = {}) =>
      fetch(`${base()}${pathname}`, {
        method: pathname === '/api/account' ? 'PUT' : 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...headers },
        body: JSON.stringify(body),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response;
      });
    const login = (email: string, password: string, ip: string, cookie?: string) =>
      post('/api/auth/login', { email, password }, ip, cookie ? { Cookie: cookie } : {});
    const burst = async (
      name: string,
      limit: number,
      sent: number,
      checkedStatus: number,
      request: (i: number) => Promise<Response>,
    ) => {
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: sent }, (_, i) => request(i)));
      const statuses = tally(answers.map(({ status }) => status));
      const checked = statuses.get(checkedStatus) ?? 0;
      bursts.push({ name, limit, sent, statuses, checked });
      console.error(`  ${setup}: ${name}: ${shown(statuses)} in ${Date.now() - started} ms`);
    };

    // 1. One account from one address.
    await burst('1. account+address (limit 5)', 5, 50, 401, () =>
      login('bench-0@example.com', 'wrong-password', '203.0.113.1'),
    );
    // 2. One address over many e-mails.
    await burst('2. address (limit 20)', 20, 40, 401, (i) =>
      login(`nobody-${i}@example.com`, 'wrong-password', '203.0.113.2'),
    );
    // 3. One browser's device cookie.
    const signedIn = await login('bench-1@example.com', PASSWORD, '203.0.113.3');
    const device = signedIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((cookie) => cookie.startsWith('__device='));
    if (!device) throw new Error('no device cookie');
    await burst('3. device cookie (limit 5)', 5, 30, 401, () =>
      login('bench-1@example.com', 'wrong-password', '203.0.113.3', device),
    );
    // 4. Distributed guessing: 100 failures from 100 addresses first, ten at a time.
    for (let batch = 0; batch < 10; batch += 1)
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          login('bench-2@example.com', 'wrong-password', `198.18.0.${batch * 10 + i + 1}`),
        ),
      );
    await burst('4. guessing address (limit 2)', 2, 20, 401, (i) =>
      login('bench-2@example.com', `guess-${i}`, '203.0.113.4'),
    );
    // 5. Sign-ups from one address.
    await burst('5. sign-ups per address (limit 10)', 10, 15, 201, (i) =>
      post(
        '/api/auth/register',
        { email: `new-${i}@example.com`, password: PASSWORD },
        '203.0.113.5',
      ),
    );
    // 6. The current password of a password change.
    const token = (
      (await (
        await fetch(`${base()}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.60' },
          body: JSON.stringify({ email: 'bench-3@example.com', password: PASSWORD }),
        })
      ).json()) as { token: string }
    ).token;
    await burst('6. current password (limit 5)', 5, 30, 400, (i) =>
      post(
        '/api/account',
        { currentPassword: `guess-${i}`, newPassword: 'another-long-password' },
        '203.0.113.6',
        { Authorization: `Bearer ${token}` },
      ),
    );
  });
  return bursts;
}

ensureBuild();
const results: { setup: string; bursts: Burst[] }[] = [];
const cluster = await startPgCluster();
const dir = mkdtempSync(path.join(tmpdir(), 'aiv-bench-auth-burst-'));
try {
  if (SETUPS.includes('postgresql')) {
    const url = await createDatabase(cluster, 'bench_auth_burst');
    results.push({ setup: 'PostgreSQL, 2 instances', bursts: await load('PostgreSQL', url, 2) });
  }
  if (SETUPS.includes('sqlite')) {
    const url = `file:${path.join(dir, 'bench.db')}`;
    results.push({ setup: 'SQLite, 3 instances', bursts: await load('SQLite', url, 3) });
  }
} finally {
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log('\nbench:auth-burst: checked guesses per limit, every burst sent at once');
let problems = 0;
for (const { setup, bursts } of results) {
  console.log(`\n${setup}`);
  for (const burst of bursts) {
    const fiveHundreds = [...burst.statuses].filter(([s]) => s >= 500).length;
    const ok = burst.checked <= burst.limit && !fiveHundreds;
    if (!ok) problems += 1;
    console.log(
      `  ${ok ? 'ok  ' : 'FAIL'} ${burst.name}: ${burst.checked} of ${burst.sent} checked (${shown(burst.statuses)})`,
    );
  }
}
process.exit(problems ? 1 : 0);
