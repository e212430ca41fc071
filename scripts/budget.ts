// `npm run budget`: the JavaScript budgets of issue 35, enforced. Builds when the build is missing
// or older than app/ (so after `npm run test:e2e` it reuses that build), serves it with the
// production server on a temporary SQLite database and a free port, and loads in Debian's Chromium:
//   - every public page, signed out and signed in (a page that sends a signed-in visitor elsewhere,
//     /login, is listed as such and not counted);
//   - /dashboard signed in (an owner with three businesses) and /admin signed in as an admin.
// Counted the way a browser loads a page, nothing cached: the gzip bytes of every script file it
// fetches (script tags, modulepreloads, imports made while loading) plus its inline scripts.
// Prints a table; exits 1 when a page is over its budget (bytes are exact for a build), or when a
// public page has a script file or a modulepreload at all.
//
// `npm run budget -- --lighthouse` also prints Lighthouse's mobile scores (performance,
// accessibility, best practices, SEO) of every public page and the dashboard. Not part of
// `npm test`: scores vary with the machine. Lighthouse is not a dependency (114 packages, 176 MB);
// it runs from LIGHTHOUSE_BIN when set, else `npx --yes lighthouse@13.5.0` fetches it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createCookie } from 'react-router';
import { migrate } from './db-migrate';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { ensureBuild } from './lib/ensure-build';
import { addSignedInUser, isoAt as iso } from './lib/seed-session';
import { jsWeight, launchChromium, type JsWeight } from './lib/js-bytes';
import { ADMIN_BUDGET, DASHBOARD_BUDGET, KIB, PUBLIC_BUDGET, PUBLIC_PAGES } from './lib/js-budgets';

/** Random per run: production refuses a session secret published in the source. */
const SECRET = randomBytes(24).toString('base64url');
const work = mkdtempSync(path.join(tmpdir(), 'aiv-budget-'));
let server: ChildProcess | null = null;

function cleanup() {
  server?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** An admin and an owner of three businesses; returns each one's session token. */
function seed(file: string) {
  const db = new Database(file);
  const now = Date.now();
  const addUser = (id: string, role: 'user' | 'admin') =>
    addSignedInUser(db, { id, role, firstName: 'Budget' }, now);
  const tokens = {
    admin: addUser('budget-admin', 'admin'),
    owner: addUser('budget-owner', 'user'),
  };
  const insert = db.prepare(
    `INSERT INTO "Business" (id, userId, name, description, website, industry, location, createdAt, updatedAt)
     VALUES (?, 'budget-owner', ?, 'A family dental practice.', ?, 'Dentistry', 'Denver, CO', ?, ?)`,
  );
  for (let i = 0; i < 3; i += 1) {
    insert.run(
      `budget-business-${i}`,
      `Budget Business ${i}`,
      `https://b${i}.example.com`,
      iso(now),
      iso(now),
    );
  }
  db.close();
  return tokens;
}

async function waitFor(url: string) {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** Lighthouse's mobile scores of a page (default form factor and throttling), 0-100 each. */
function lighthouse(url: string, cookie?: string) {
  const report = path.join(work, `lh-${randomBytes(4).toString('hex')}.json`);
  const args = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${report}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const bin = process.env.LIGHTHOUSE_BIN;
  const run = spawnSync(bin ?? 'npx', bin ? args : ['--yes', 'lighthouse@13.5.0', ...args], {
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    encoding: 'utf8',
  });
  if (run.status !== 0) return null;
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    categories: Record<string, { score: number | null }>;
  };
  return ['performance', 'accessibility', 'best-practices', 'seo'].map((key) =>
    Math.round((json.categories[key]?.score ?? 0) * 100),
  );
}

const pad = (text: string | number, width: number) => String(text).padStart(width);
const kb = (bytes: number) => `${(bytes / KIB).toFixed(1)} KB`;

type Row = { label: string; budget: number; weight: JsWeight; publicPage: boolean };

let failed = false;
try {
  ensureBuild();
  const file = path.join(work, 'budget.db');
  await migrate(`file:${file}`, true);
  const tokens = seed(file);
  const sessionCookie = createCookie('__session', { secrets: [SECRET] });
  const cookieOf = async (token: string) => (await sessionCookie.serialize(token)).split(';')[0]!;
  const cookies = { admin: await cookieOf(tokens.admin), owner: await cookieOf(tokens.owner) };

  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: appUrl,
      DATABASE_URL: `file:${file}`,
      SESSION_SECRET: SECRET,
      AUDIT_SCHEDULER: 'false',
      TRACKING_SCHEDULER: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${appUrl}/healthz`);

  const browser = await launchChromium();
  const rows: Row[] = [];
  const skipped: string[] = [];
  try {
    for (const [who, cookie] of [
      ['signed out', undefined],
      ['signed in', cookies.owner],
    ] as const) {
      for (const page of PUBLIC_PAGES) {
        const weight = await jsWeight(browser, `${appUrl}${page}`, cookie);
        const landed = new URL(weight.finalUrl);
        if (`${landed.pathname}${landed.search}` !== page) {
          skipped.push(`${page} (${who}) leads on to ${landed.pathname}${landed.search}`);
          continue;
        }
        rows.push({ label: `${page} (${who})`, budget: PUBLIC_BUDGET, weight, publicPage: true });
      }
    }
    for (const [page, cookie, budget] of [
      ['/dashboard', cookies.owner, DASHBOARD_BUDGET],
      ['/admin', cookies.admin, ADMIN_BUDGET],
    ] as const) {
      const weight = await jsWeight(browser, `${appUrl}${page}`, cookie);
      if (new URL(weight.finalUrl).pathname !== page) throw new Error(`${page} was not shown`);
      rows.push({ label: `${page} (signed in)`, budget, weight, publicPage: false });
    }
  } finally {
    await browser.close();
  }

  console.log('\nJavaScript a first visit runs (gzip; files + inline scripts; KB = 1,024 bytes)');
  const width = Math.max(...rows.map((row) => row.label.length)) + 2;
  console.log(
    `${'page'.padEnd(width)}${pad('files', 6)}${pad('inline', 8)}${pad('bytes', 9)}${pad('KB', 10)}${pad('budget', 10)}  verdict`,
  );
  for (const { label, budget, weight, publicPage } of rows) {
    const problems: string[] = [];
    if (weight.gzip > budget) problems.push('OVER BUDGET');
    // A document page loads no framework: no script file at all, no modulepreload.
    if (publicPage && weight.files.length)
      problems.push(`script files: ${weight.files.map((f) => f.url).join(', ')}`);
    if (publicPage && weight.modulepreloads)
      problems.push(`${weight.modulepreloads} modulepreloads`);
    failed ||= problems.length > 0;
    console.log(
      `${label.padEnd(width)}${pad(weight.files.length, 6)}${pad(weight.inline.gzip, 8)}${pad(weight.gzip, 9)}${pad(kb(weight.gzip), 10)}${pad(kb(budget), 10)}  ${problems.join('; ') || 'ok'}`,
    );
  }
  for (const line of skipped) console.log(`not counted: ${line}`);
  // The files of the application pages, largest first: where their bytes go.
  for (const { label, weight } of rows.filter((row) => !row.publicPage)) {
    console.log(`\n${label}: ${weight.files.length} files, ${weight.inline.count} inline scripts`);
    for (const file of weight.files) console.log(`${pad(file.gzip, 8)}  ${file.url}`);
    console.log(`${pad(weight.inline.gzip, 8)}  (inline scripts)`);
  }
  if (failed) console.log('\nOver budget: see the rows above.');

  if (process.argv.includes('--lighthouse')) {
    console.log('\nLighthouse, mobile (performance, accessibility, best practices, SEO)');
    const pages: [string, string | undefined][] = [
      ...PUBLIC_PAGES.map((page): [string, undefined] => [page, undefined]),
      ['/dashboard', cookies.owner],
    ];
    for (const [page, cookie] of pages) {
      const scores = lighthouse(`${appUrl}${page}`, cookie);
      console.log(
        `${page.padEnd(40)}${scores ? scores.map((score) => pad(score, 5)).join('') : '  Lighthouse did not run'}`,
      );
    }
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  cleanup();
}
process.exit(failed ? 1 : 0);
