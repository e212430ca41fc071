// `npm run bench:admin`: how the admin panel holds up with a real user base. Builds two temporary
// SQLite databases, one with only an admin and one with 100,000 users, 100,000 businesses,
// 200,000 logins, 1,000,000 usage-log rows and 5,000 inquiries, then serves the production build
// against each (scripts/bench/admin-worker.mjs) and prints every tab's median server time side by
// side. Target (issue 7): every tab within 3x of its empty-database time and under 100 ms.
import { execFileSync, execSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './db-migrate';

const SCALE = {
  users: Number(process.env.BENCH_USERS ?? 100_000),
  businesses: Number(process.env.BENCH_BUSINESSES ?? 100_000),
  sessions: Number(process.env.BENCH_SESSIONS ?? 200_000),
  accessLogs: Number(process.env.BENCH_ACCESS_LOGS ?? 1_000_000),
  inquiries: Number(process.env.BENCH_INQUIRIES ?? 5_000),
  audit: Number(process.env.BENCH_AUDIT ?? 20_000),
};
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
/** Random per run: production refuses a session secret published in the source. */
const SECRET = randomBytes(24).toString('base64url');
const TIERS = ['free', 'free', 'free', 'diy', 'starter', 'growth', 'authority'];
const DAY = 24 * 60 * 60 * 1000;

const PATHS = [
  '/admin',
  '/admin?tab=users',
  '/admin?tab=users&page=1000',
  '/admin?tab=users&q=user-04242',
  '/admin?tab=users&q=First04242%20Last',
  '/admin?tab=users&tier=growth',
  '/admin?tab=businesses',
  '/admin?tab=businesses&q=Business%2077777',
  '/admin?tab=businesses&q=user-07777%40',
  // A word at the end of 400 names ("Okafor Plumbing N"), and one in nearly every name.
  '/admin?tab=businesses&q=plumb',
  '/admin?tab=businesses&q=business',
  '/admin?tab=users&q=example',
  '/admin?tab=logins',
  '/admin?tab=usage',
  '/admin?tab=usage&result=denied',
  '/admin?tab=inquiries',
  '/admin?tab=audit',
  '/api/admin/users',
  '/api/admin/businesses',
  '/api/admin/login-history',
  '/api/admin/access-logs',
  '/api/admin/analytics',
];

const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');
const id = (prefix: string, n: number) => `${prefix}${n.toString(36).padStart(23, '0')}`;

/** The admin and its session: the only rows of the empty database. Returns the session token. */
function addAdmin(file: string): string {
  const db = new Database(file);
  const now = Date.now();
  const token = randomBytes(32).toString('base64url');
  db.prepare(
    `INSERT INTO "User" (id, email, firstName, role, subscriptionStatus, createdAt, updatedAt)
     VALUES ('bench-admin', 'bench-admin@example.com', 'Bench', 'admin', 'free', ?, ?)`,
  ).run(iso(now), iso(now));
  db.prepare(
    `INSERT INTO "Session" (id, userId, createdAt, expiresAt) VALUES (?, 'bench-admin', ?, ?)`,
  ).run(createHash('sha256').update(token).digest('hex'), iso(now), iso(now + 30 * DAY));
  db.close();
  return token;
}

function fill(file: string) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const now = Date.now();
  const year = 365 * DAY;
  const insertUser = db.prepare(
    `INSERT INTO "User" (id, email, firstName, lastName, role, subscriptionStatus, subscriptionExpiry, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, 'user', ?, ?, ?, ?)`,
  );
  const insertBusiness = db.prepare(
    `INSERT INTO "Business" (id, userId, name, description, website, industry, location, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, 'Dentistry', 'Denver, CO', ?, ?)`,
  );
  const insertSession = db.prepare(
    `INSERT INTO "Session" (id, userId, createdAt, expiresAt, endedAt, ipAddress) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertLog = db.prepare(
    `INSERT INTO "AccessLog" (id, userId, businessId, accessType, accessTime, subscriptionTier, wasAllowed, reason)
     VALUES (?, ?, NULL, 'premium_gpt', ?, ?, ?, ?)`,
  );
  const insertInquiry = db.prepare(
    `INSERT INTO "ContactInquiry" (id, name, email, message, inquiryType, createdAt) VALUES (?, ?, ?, ?, 'general', ?)`,
  );
  const insertAudit = db.prepare(
    `INSERT INTO "AuditLog" (id, actorId, actorEmail, targetUserId, targetEmail, action, field, fromValue, toValue, createdAt)
     VALUES (?, 'bench-admin', 'bench-admin@example.com', ?, ?, 'user_updated', 'subscriptionStatus', 'free', 'diy', ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < SCALE.users; i += 1) {
      const at = iso(now - year + (i * year) / SCALE.users);
      const tier = TIERS[i % TIERS.length]!;
      const expiry = tier === 'free' ? null : iso(now + ((i % 60) - 20) * DAY);
      const n = String(i).padStart(5, '0');
      insertUser.run(
        id('u', i),
        `user-${n}@example.com`,
        `First${n}`,
        `Last${n}`,
        tier,
        expiry,
        at,
        at,
      );
    }
    for (let i = 0; i < SCALE.businesses; i += 1) {
      const at = iso(now - year + (i * year) / SCALE.businesses);
      insertBusiness.run(
        id('b', i),
        id('u', i % SCALE.users),
        i % 250 === 0 ? `Okafor Plumbing ${i}` : `Business ${i}`,
        'A family practice serving the neighbourhood since 1990.',
        `https://business-${i}.example.com`,
        at,
        at,
      );
    }
    for (let i = 0; i < SCALE.sessions; i += 1) {
      const created = now - year + (i * year) / SCALE.sessions;
      insertSession.run(
        id('s', i),
        id('u', i % SCALE.users),
        iso(created),
        iso(created + 30 * DAY),
        i % 3 === 0 ? iso(created + DAY) : null,
        i % 4 === 0 ? null : `203.0.113.${i % 250}`,
      );
    }
    for (let i = 0; i < SCALE.accessLogs; i += 1) {
      const allowed = i % 3 !== 0;
      insertLog.run(
        id('a', i),
        id('u', i % SCALE.users),
        iso(now - year + (i * year) / SCALE.accessLogs),
        allowed ? 'diy' : 'free',
        allowed ? 1 : 0,
        allowed ? 'Active DIY subscription' : 'Subscription upgrade required: free is below diy',
      );
    }
    for (let i = 0; i < SCALE.inquiries; i += 1) {
      insertInquiry.run(
        id('c', i),
        `Visitor ${i}`,
        `visitor-${i}@example.com`,
        'Hello, tell me more.',
        iso(now - year + (i * year) / SCALE.inquiries),
      );
    }
    for (let i = 0; i < SCALE.audit; i += 1) {
      insertAudit.run(
        id('l', i),
        id('u', i % SCALE.users),
        `user-${i}@example.com`,
        iso(now - year + (i * year) / SCALE.audit),
      );
    }
  })();
  db.exec('ANALYZE');
  db.close();
}

function measure(file: string, token: string): Record<string, number> {
  const output = execFileSync(
    process.execPath,
    ['scripts/bench/admin-worker.mjs', token, JSON.stringify(PATHS), String(RUNS)],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://127.0.0.1',
        DATABASE_URL: `file:${file}`,
        SESSION_SECRET: SECRET,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(output.trim().split('\n').pop()!) as Record<string, number>;
}

async function main() {
  if (!existsSync('build/server/index.js')) execSync('npm run build', { stdio: 'inherit' });
  const dir = mkdtempSync(path.join(tmpdir(), 'aiv-bench-'));
  try {
    const empty = path.join(dir, 'empty.db');
    const big = path.join(dir, 'big.db');
    await migrate(`file:${empty}`, true);
    await migrate(`file:${big}`, true);
    const emptyToken = addAdmin(empty);
    const bigToken = addAdmin(big);
    const seedStart = Date.now();
    fill(big);
    console.log(
      `Seeded ${SCALE.users.toLocaleString('en-US')} users, ${SCALE.businesses.toLocaleString('en-US')} businesses, ` +
        `${SCALE.sessions.toLocaleString('en-US')} logins, ${SCALE.accessLogs.toLocaleString('en-US')} usage-log rows, ` +
        `${SCALE.inquiries.toLocaleString('en-US')} inquiries, ${SCALE.audit.toLocaleString('en-US')} audit rows ` +
        `in ${((Date.now() - seedStart) / 1000).toFixed(1)} s. Median of ${RUNS} requests each:\n`,
    );
    const base = measure(empty, emptyToken);
    const load = measure(big, bigToken);
    const width = Math.max(...PATHS.map((p) => p.length));
    console.log(`${'request'.padEnd(width)}   empty    full   ratio`);
    let failures = 0;
    for (const p of PATHS) {
      const ratio = load[p]! / base[p]!;
      const ok = ratio <= 3 && load[p]! < 100;
      if (!ok) failures += 1;
      console.log(
        `${p.padEnd(width)} ${base[p]!.toFixed(1).padStart(6)}ms ${load[p]!.toFixed(1).padStart(6)}ms ${ratio.toFixed(2).padStart(6)}x ${ok ? '' : ' over target'}`,
      );
    }
    console.log(
      failures
        ? `\n${failures} of ${PATHS.length} over target (within 3x of empty and under 100 ms).`
        : `\nAll ${PATHS.length} within 3x of the empty database and under 100 ms.`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
