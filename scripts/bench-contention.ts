// `npm run bench:contention`: limited writes under contention (issue 30), against the production
// build, each set-up on a fresh database:
// - PostgreSQL, two app instances on one throw-away cluster (scripts/lib/pg-cluster.ts);
// - SQLite, three app instances on one file (the README allows it on one machine).
// TRUST_PROXY is on and 40 Free customers sign in from 40 addresses (X-Forwarded-For). Requests
// alternate between the instances. The load, all of each step at once:
//   A. 200 business creates, five per customer: within the Free allowance, all must land (201);
//   B. 80 more creates, two per customer: past the allowance, all must be refused (403);
//   C. 60 tracked-prompt adds, three questions at once on one business of each of 20 customers,
//      at the Free cap of one: one lands per business (201), the others are refused (403);
//   D. (SQLite) 40 plan purchases at once through POST /checkout/growth on the demo checkout,
//      then E. 80 plan upgrades (each customer's form sent twice at once) to /checkout/authority:
//      the payment transaction (applyPaymentEvent) under three writers on one file.
// Prints each step's answers by status and the rows the database holds; fails on any 5xx, on an
// allowed write that did not land, or on anyone above a limit.
// Knobs: BENCH_PORT (3720), BENCH_SETUPS=postgresql,sqlite.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { migrate } from './db-migrate';
import { NO_BACKGROUND_WORK, seedUsers, shown, tally, withInstances } from './bench/app-instances';
import { ensureBuild } from './lib/ensure-build';
import { createDatabase, startPgCluster } from './lib/pg-cluster';

/** One random secret for every instance of the run: production refuses a published one. */
const SESSION_SECRET = randomBytes(24).toString('base64url');

const CUSTOMERS = 40;
const PASSWORD = 'bench-password';
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3720);
const SETUPS = process.env.BENCH_SETUPS ?? 'postgresql,sqlite';
const FREE_BUSINESSES = 5;

type Step = { name: string; expected: string; statuses: Map<number, number>; ok: boolean };
type Outcome = { setup: string; steps: Step[]; checks: string[]; problems: string[] };

type Db = {
  businessesPerUser(): Promise<number[]>;
  promptsPerBusiness(ids: string[]): Promise<number[]>;
  plans(): Promise<{ tier: string; version: number; email: string }[]>;
  close(): Promise<void>;
};

async function pgDb(url: string): Promise<Db> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async businessesPerUser() {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(b.id) AS n FROM "User" u LEFT JOIN "Business" b ON b."userId" = u.id
          WHERE u.email LIKE 'bench-%' GROUP BY u.id`,
      );
      return rows.map((row) => Number(row.n));
    },
    async promptsPerBusiness(ids) {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(p.id) AS n FROM "Business" b LEFT JOIN "TrackedPrompt" p ON p."businessId" = b.id
          WHERE b.id = ANY($1) GROUP BY b.id`,
        [ids],
      );
      return rows.map((row) => Number(row.n));
    },
    async plans() {
      return [];
    },
    close: () => client.end(),
  };
}

function sqliteDb(file: string): Db {
  const reader = new Database(file, { readonly: true, timeout: 5000 });
  return {
    async businessesPerUser() {
      return (
        reader
          .prepare(
            `SELECT count(b.id) AS n FROM "User" u LEFT JOIN "Business" b ON b."userId" = u.id
              WHERE u.email LIKE 'bench-%' GROUP BY u.id`,
          )
          .all() as { n: number }[]
      ).map((row) => row.n);
    },
    async promptsPerBusiness(ids) {
      return (
        reader
          .prepare(
            `SELECT count(p.id) AS n FROM "Business" b LEFT JOIN "TrackedPrompt" p ON p."businessId" = b.id
              WHERE b.id IN (${ids.map(() => '?').join(', ')}) GROUP BY b.id`,
          )
          .all(...ids) as { n: number }[]
      ).map((row) => row.n);
    },
    async plans() {
      return reader
        .prepare(
          `SELECT "subscriptionStatus" AS tier, "planChangeVersion" AS version, email FROM "User"
            WHERE email LIKE 'bench-%' ORDER BY email`,
        )
        .all() as { tier: string; version: number; email: string }[];
    },
    async close() {
      reader.close();
    },
  };
}

async function load(setup: string, databaseUrl: string, instances: number, database: Db) {
  await migrate(databaseUrl, true);
  seedUsers(databaseUrl, CUSTOMERS, PASSWORD, 'free');
  const serverErrors: string[] = [];
  const outcome: Outcome = { setup, steps: [], checks: [], problems: [] };
  const servers = {
    databaseUrl,
    count: instances,
    port: BASE_PORT,
    secret: SESSION_SECRET,
    env: { TRUST_PROXY: 'true', DEMO_CHECKOUT: 'true', ...NO_BACKGROUND_WORK },
    stderr: (chunk: string) => serverErrors.push(chunk),
  };
  try {
    await withInstances(servers, async ({ base }) => {
      const address = (n: number) => `203.0.113.${n + 1}`;
      const email = (n: number) => `bench-${n}@example.com`;

      // Each customer signs in from its own address: a token for the API, a cookie for the forms.
      const tokens: string[] = [];
      const cookies: string[] = [];
      for (let n = 0; n < CUSTOMERS; n += 1) {
        const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': address(n) };
        const api = await fetch(`${base()}/api/auth/login`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ email: email(n), password: PASSWORD }),
        });
        tokens.push(((await api.json()) as { token: string }).token);
        const form = await fetch(`${base()}/login`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'X-Forwarded-For': address(n),
          },
          body: new URLSearchParams({ email: email(n), password: PASSWORD }),
        });
        const session = form.headers
          .getSetCookie()
          .find((cookie) => cookie.startsWith('__session='));
        cookies.push(session?.split(';')[0] ?? '');
      }

      const api = (n: number, pathname: string, body: unknown) =>
        fetch(`${base()}${pathname}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${tokens[n]}`,
            'X-Forwarded-For': address(n),
          },
          body: JSON.stringify(body),
        }).then(async (response) => ({ status: response.status, body: await response.text() }));
      const step = async <T extends { status: number }>(
        name: string,
        expected: string,
        requests: Promise<T>[],
        ok: (counts: Map<number, number>) => boolean,
      ) => {
        const started = Date.now();
        const answers = await Promise.all(requests);
        const counts = tally(answers.map((answer) => answer.status));
        const passed = ok(counts) && ![...counts.keys()].some((status) => status >= 500);
        outcome.steps.push({ name, expected, statuses: counts, ok: passed });
        console.error(`  ${setup}: ${name}: ${shown(counts)} in ${Date.now() - started} ms`);
        if (!passed) outcome.problems.push(`${name}: ${shown(counts)}, expected ${expected}`);
        return answers;
      };

      // A. Within the allowance.
      const created = await step(
        `A. ${CUSTOMERS * FREE_BUSINESSES} creates within the Free allowance`,
        `${CUSTOMERS * FREE_BUSINESSES} x 201`,
        Array.from({ length: CUSTOMERS * FREE_BUSINESSES }, (_, i) =>
          api(i % CUSTOMERS, '/api/businesses', { name: `Contention ${i}` }),
        ),
        (counts) => counts.get(201) === CUSTOMERS * FREE_BUSINESSES,
      );
      // B. Past it.
      await step(
        `B. ${CUSTOMERS * 2} creates past the allowance`,
        `${CUSTOMERS * 2} x 403`,
        Array.from({ length: CUSTOMERS * 2 }, (_, i) =>
          api(i % CUSTOMERS, '/api/businesses', { name: `One too many ${i}` }),
        ),
        (counts) => counts.get(403) === CUSTOMERS * 2,
      );
      const perUser = await database.businessesPerUser();
      outcome.checks.push(
        `businesses per customer: ${shown(tally(perUser))} (Free holds ${FREE_BUSINESSES})`,
      );
      if (perUser.some((n) => n !== FREE_BUSINESSES))
        outcome.problems.push(`a customer holds other than ${FREE_BUSINESSES} businesses`);

      // C. Three questions at once on one business of each of 20 customers (Free: one).
      const firstBusiness = new Map<number, string>();
      created.forEach((answer, i) => {
        const owner = i % CUSTOMERS;
        if (answer.status === 201 && !firstBusiness.has(owner))
          firstBusiness.set(owner, (JSON.parse(answer.body) as { id: string }).id);
      });
      const owners = [...firstBusiness.keys()].slice(0, 20);
      await step(
        `C. ${owners.length * 3} tracked-prompt adds at the Free cap`,
        `${owners.length} x 201, ${owners.length * 2} x 403`,
        owners.flatMap((owner) =>
          ['best plumber near me', 'emergency plumber open now', 'who fixes leaks fast'].map(
            (text) => api(owner, `/api/businesses/${firstBusiness.get(owner)}/prompts`, { text }),
          ),
        ),
        (counts) => counts.get(201) === owners.length && counts.get(403) === owners.length * 2,
      );
      const prompts = await database.promptsPerBusiness(owners.map((o) => firstBusiness.get(o)!));
      outcome.checks.push(`tracked prompts per business: ${shown(tally(prompts))} (Free holds 1)`);
      if (prompts.some((n) => n !== 1))
        outcome.problems.push('a business holds other than 1 prompt');

      if (setup.startsWith('SQLite')) {
        const form = (n: number, tier: string, fields: Record<string, string>) =>
          fetch(`${base()}/checkout/${tier}`, {
            method: 'POST',
            redirect: 'manual',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              Cookie: cookies[n]!,
              'X-Forwarded-For': address(n),
            },
            body: new URLSearchParams(fields),
          }).then((response) => ({ status: response.status }));
        await step(
          `D. ${CUSTOMERS} plan purchases at once (POST /checkout/growth, demo checkout)`,
          `${CUSTOMERS} x 303`,
          Array.from({ length: CUSTOMERS }, (_, n) => form(n, 'growth', {})),
          (counts) => counts.get(303) === CUSTOMERS,
        );
        const paid = await database.plans();
        outcome.checks.push(
          `plans after D: ${paid.map((p) => p.tier).filter((t) => t === 'growth').length} of ${CUSTOMERS} on growth`,
        );
        if (paid.some((p) => p.tier !== 'growth')) outcome.problems.push('a purchase did not land');
        await step(
          `E. ${CUSTOMERS * 2} plan upgrades at once (each form sent twice, POST /checkout/authority)`,
          `${CUSTOMERS * 2} x 302 (a redirect with a message)`,
          paid.flatMap((plan) => {
            const n = Number(plan.email.match(/bench-(\d+)@/)![1]);
            const fields = { current: 'growth', version: String(plan.version) };
            return [form(n, 'authority', fields), form(n, 'authority', fields)];
          }),
          (counts) => counts.get(302) === CUSTOMERS * 2,
        );
        const upgraded = await database.plans();
        outcome.checks.push(
          `plans after E: ${upgraded.filter((p) => p.tier === 'authority').length} of ${CUSTOMERS} on authority, plan-change versions ${shown(tally(upgraded.map((p) => p.version)))}`,
        );
        if (upgraded.some((p) => p.tier !== 'authority'))
          outcome.problems.push('an upgrade did not land');
      }
    });
  } finally {
    await database.close();
  }
  const logged = serverErrors.join('').split('\n');
  const warnings = logged.filter((row) => row.includes('[db]'));
  const failures = logged.filter(
    (row) => /Error|P2034|P1008|P2028/.test(row) && !row.includes('[db]'),
  );
  outcome.checks.push(
    `server log: ${warnings.length} contention warning(s), ${failures.length} error line(s)`,
  );
  if (failures.length)
    outcome.problems.push(`servers logged errors: ${failures.slice(0, 3).join(' | ')}`);
  return outcome;
}

ensureBuild();
const outcomes: Outcome[] = [];
const cluster = await startPgCluster();
const dir = mkdtempSync(path.join(tmpdir(), 'aiv-bench-contention-'));
try {
  if (SETUPS.includes('postgresql')) {
    const url = await createDatabase(cluster, 'bench_contention');
    outcomes.push(await load('PostgreSQL, 2 instances', url, 2, await pgDb(url)));
  }
  if (SETUPS.includes('sqlite')) {
    const file = path.join(dir, 'bench.db');
    await migrate(`file:${file}`, true);
    outcomes.push(await load('SQLite, 3 instances', `file:${file}`, 3, sqliteDb(file)));
  }
} finally {
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\nbench:contention: ${CUSTOMERS} Free customers from ${CUSTOMERS} addresses (TRUST_PROXY), every step's requests at once`,
);
let problems = 0;
for (const outcome of outcomes) {
  console.log(`\n${outcome.setup}`);
  for (const step of outcome.steps)
    console.log(
      `  ${step.ok ? 'ok  ' : 'FAIL'} ${step.name}: ${shown(step.statuses)} (expected ${step.expected})`,
    );
  for (const check of outcome.checks) console.log(`       ${check}`);
  for (const problem of outcome.problems) console.log(`  PROBLEM: ${problem}`);
  problems += outcome.problems.length;
  const fiveHundreds = outcome.steps.reduce(
    (sum, step) =>
      sum + [...step.statuses].filter(([s]) => s >= 500).reduce((n, [, count]) => n + count, 0),
    0,
  );
  console.log(`  5xx answers: ${fiveHundreds}`);
}
process.exit(problems ? 1 : 0);
