// `npm run bench`: the figures of issue 10 in one table. Builds if the build is missing or older
// than the sources, serves it with the production server on a temporary SQLite database, and puts
// the sample nginx configuration (deploy/nginx.conf) in front of it. Prints:
//   1. gzip bytes of all JavaScript a first visit runs, per page, against the budgets (the same
//      budgets `npm run budget` enforces, here with a 1,000-business dashboard);
//   2. the dashboard's HTML bytes and server time with 0 and 1,000 businesses;
//   3. that nginx caches anonymous public pages and never a signed-in one;
//   4. anonymous GET / requests per second through the nginx cache, straight to the app, and nginx
//      serving the same bytes from a file, side by side (wrk);
//   5. Lighthouse (mobile) scores of /, /pricing and /dashboard.
// Exits non-zero when a byte budget is exceeded (bytes are exact); timings are only printed.
// Needs nginx and wrk (apt-get install nginx-light wrk; installed here when missing and root) and
// fetches Lighthouse with npx. BENCH_SKIP=lighthouse,wrk leaves parts out.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCookie } from 'react-router';
import Database from 'better-sqlite3';
import { migrate } from './db-migrate';
import { ensureBuild } from './lib/ensure-build';
import { addSignedInUser, isoAt as iso } from './lib/seed-session';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { jsWeight, launchChromium } from './lib/js-bytes';
import { ADMIN_BUDGET, DASHBOARD_BUDGET, KIB, PUBLIC_BUDGET, PUBLIC_PAGES } from './lib/js-budgets';

/** Gzip bytes of all JavaScript a first load runs (issues 10 and 35: scripts/lib/js-budgets). */
const JS_BUDGETS: [string, number][] = [
  ...PUBLIC_PAGES.map((page): [string, number] => [page, PUBLIC_BUDGET]),
  ['/dashboard', DASHBOARD_BUDGET],
  ['/account', 115 * KIB],
  ['/admin', ADMIN_BUDGET],
];
/** The dashboard page of a 1,000-business owner (issue 37; npm run bench:dashboard measures it too). */
const DASHBOARD_HTML_BUDGET = 60 * KIB;
/** Random per run: production refuses a session secret published in the source. */
const SECRET = randomBytes(24).toString('base64url');
const APP_PORT = 3400;
const NGINX_PORT = 3401;
const STATIC_PORT = 3402;
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));

const root = process.cwd();
const work = mkdtempSync(path.join(tmpdir(), 'aiv-bench-'));
const children: ChildProcess[] = [];
let failed = false;

function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

function ensureTools() {
  const missing = ['nginx', 'wrk'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  if (!missing.length) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Needs ${missing.join(' and ')}: apt-get install nginx-light wrk`);
  }
  console.log(`Installing ${missing.join(', ')} from apt…`);
  spawnSync('apt-get', ['update'], { stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', 'nginx-light', 'wrk'], { stdio: 'ignore' });
}

/** An admin, a user with no business and one with 1,000; returns each one's session token. */
function seed(file: string) {
  const db = new Database(file);
  const now = Date.now();
  const addUser = (id: string, role: 'user' | 'admin') =>
    addSignedInUser(db, { id, role, firstName: 'Bench' }, now);
  const tokens = {
    admin: addUser('bench-admin', 'admin'),
    empty: addUser('bench-empty', 'user'),
    many: addUser('bench-many', 'user'),
  };
  const insert = db.prepare(
    `INSERT INTO "Business" (id, userId, name, description, website, industry, location, createdAt, updatedAt)
     VALUES (?, 'bench-many', ?, ?, ?, 'Dentistry', 'Denver, CO', ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < 1000; i += 1) {
      const at = iso(now - i * 60_000);
      insert.run(
        `bench-business-${String(i).padStart(4, '0')}`,
        `Bench Business ${i}`,
        'A family dental practice with evening hours, emergency appointments and a friendly team.',
        `https://business-${i}.example.com`,
        at,
        at,
      );
    }
  })();
  db.close();
  return tokens;
}

async function waitFor(url: string) {
  for (let i = 0; i < 150; i += 1) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timeGet(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie, 'Accept-Encoding': 'identity' } });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, bytes: body.byteLength, status: response.status };
}

function nginxConfig() {
  let config = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${APP_PORT};`)
    .replace('listen 8080;', `listen 127.0.0.1:${NGINX_PORT};`)
    .replace('/var/cache/nginx/aiv', path.join(work, 'nginx-cache'))
    .replace('pid /run/nginx-aiv.pid;', `pid ${path.join(work, 'nginx.pid')};`)
    .replace(
      'error_log /var/log/nginx/aiv-error.log warn;',
      `error_log ${path.join(work, 'nginx-error.log')} warn;`,
    );
  if (process.getuid?.() === 0) config = `user root;\n${config}`;
  // The baseline: nginx serving the landing page's bytes from a file.
  const baseline = `
  server {
    listen 127.0.0.1:${STATIC_PORT};
    location / {
      root ${path.join(work, 'static')};
      default_type text/html;
      try_files /index.html =404;
    }
  }
}`;
  return config.replace(/}\s*$/, baseline);
}

function wrk(url: string): number {
  const output = execFileSync('wrk', ['-t2', '-c32', '-d5s', url], { encoding: 'utf8' });
  const match = output.match(/Requests\/sec:\s+([\d.]+)/);
  if (!match) throw new Error(`wrk printed no rate:\n${output}`);
  return Number(match[1]);
}

function lighthouse(url: string, cookie?: string) {
  const report = path.join(work, `lh-${randomBytes(4).toString('hex')}.json`);
  const args = [
    '--yes',
    'lighthouse@13.5.0',
    url,
    '--quiet',
    '--output=json',
    `--output-path=${report}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const run = spawnSync('npx', args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    encoding: 'utf8',
  });
  if (run.status !== 0) return null;
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    categories: Record<string, { score: number | null }>;
  };
  const score = (key: string) => Math.round((json.categories[key]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
  };
}

const pad = (text: string | number, width: number) => String(text).padStart(width);
const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KB`;

try {
  ensureBuild();
  if (!skip.has('wrk')) ensureTools();
  const file = path.join(work, 'bench.db');
  await migrate(`file:${file}`, true);
  const tokens = seed(file);
  const sessionCookie = createCookie('__session', { secrets: [SECRET] });
  const cookieOf = async (token: string) => (await sessionCookie.serialize(token)).split(';')[0]!;
  const cookies = {
    admin: await cookieOf(tokens.admin),
    empty: await cookieOf(tokens.empty),
    many: await cookieOf(tokens.many),
  };

  const app = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
      // Measured requests only: no weekly re-audit fetching websites in the background.
      AUDIT_SCHEDULER: 'false',
      PORT: String(APP_PORT),
      DATABASE_URL: `file:${file}`,
      SESSION_SECRET: SECRET,
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(app);
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  await waitFor(`${appUrl}/healthz`);

  // 1. JavaScript per page.
  console.log('\nJavaScript a first visit fetches (gzip, KB = 1,024 bytes)');
  console.log(
    `${'page'.padEnd(22)}${pad('bytes', 9)}${pad('KB', 10)}${pad('budget', 10)}  verdict`,
  );
  const browser = await launchChromium();
  for (const [page, budget] of JS_BUDGETS) {
    const cookie =
      page === '/admin'
        ? cookies.admin
        : page === '/dashboard' || page === '/account'
          ? cookies.many
          : undefined;
    const weight = await jsWeight(browser, `${appUrl}${page}`, cookie);
    const over = weight.gzip > budget;
    failed ||= over;
    console.log(
      `${page.padEnd(22)}${pad(weight.gzip, 9)}${pad(kib(weight.gzip), 10)}${pad(kib(budget), 10)}  ${over ? 'OVER BUDGET' : 'ok'}`,
    );
  }
  await browser.close();

  // 2. The dashboard with 0 and 1,000 businesses.
  for (let i = 0; i < 5; i += 1) {
    await timeGet(`${appUrl}/dashboard`, cookies.empty);
    await timeGet(`${appUrl}/dashboard`, cookies.many);
  }
  const runs = { empty: [] as number[], many: [] as number[] };
  let bytes = { empty: 0, many: 0 };
  for (let i = 0; i < 30; i += 1) {
    const empty = await timeGet(`${appUrl}/dashboard`, cookies.empty);
    const many = await timeGet(`${appUrl}/dashboard`, cookies.many);
    runs.empty.push(empty.ms);
    runs.many.push(many.ms);
    bytes = { empty: empty.bytes, many: many.bytes };
  }
  const htmlOver = bytes.many > DASHBOARD_HTML_BUDGET;
  failed ||= htmlOver;
  console.log('\nDashboard (HTML bytes uncompressed; median of 30 requests, request to last byte)');
  console.log(
    `${'businesses'.padEnd(12)}${pad('bytes', 10)}${pad('KB', 10)}${pad('time', 10)}${pad('ratio', 8)}`,
  );
  const ratio = median(runs.many) / median(runs.empty);
  console.log(
    `${'0'.padEnd(12)}${pad(bytes.empty, 10)}${pad(kib(bytes.empty), 10)}${pad(`${median(runs.empty).toFixed(1)}ms`, 10)}${pad('1.00x', 8)}`,
  );
  console.log(
    `${'1,000'.padEnd(12)}${pad(bytes.many, 10)}${pad(kib(bytes.many), 10)}${pad(`${median(runs.many).toFixed(1)}ms`, 10)}${pad(`${ratio.toFixed(2)}x`, 8)}  ${htmlOver ? `OVER the ${kib(DASHBOARD_HTML_BUDGET)} budget` : `budget ${kib(DASHBOARD_HTML_BUDGET)} ok`}`,
  );

  if (!skip.has('wrk')) {
    // 3. The nginx cache: public pages cached, personal ones never.
    mkdirSync(path.join(work, 'static'));
    mkdirSync(path.join(work, 'nginx-cache'));
    const landing = await (
      await fetch(`${appUrl}/`, { headers: { 'Accept-Encoding': 'identity' } })
    ).text();
    writeFileSync(path.join(work, 'static/index.html'), landing);
    writeFileSync(path.join(work, 'nginx.conf'), nginxConfig());
    const nginx = spawn(
      'nginx',
      ['-c', path.join(work, 'nginx.conf'), '-p', work, '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    children.push(nginx);
    const proxyUrl = `http://127.0.0.1:${NGINX_PORT}`;
    await waitFor(`${proxyUrl}/healthz`);
    await waitFor(`http://127.0.0.1:${STATIC_PORT}/`);
    const status = async (url: string, cookie?: string) =>
      (
        await fetch(`${proxyUrl}${url}`, {
          headers: cookie ? { Cookie: cookie } : {},
          redirect: 'manual',
        })
      ).headers.get('x-cache-status') ?? '-';
    const checks: [string, string, string[]][] = [];
    for (const page of ['/', '/pricing']) {
      await status(page);
      checks.push([`anonymous ${page}, second visit`, await status(page), ['HIT']]);
    }
    for (const [label, page, cookie] of [
      ['signed-in /', '/', cookies.empty],
      ['signed-in /dashboard', '/dashboard', cookies.many],
      ['signed-in /admin', '/admin', cookies.admin],
    ] as const) {
      await status(page, cookie);
      checks.push([`${label}, second visit`, await status(page, cookie), ['BYPASS']]);
    }
    await status('/dashboard');
    checks.push([
      'anonymous /dashboard (a redirect), second visit',
      await status('/dashboard'),
      ['MISS'],
    ]);
    console.log('\nnginx cache (X-Cache-Status)');
    for (const [label, value, expected] of checks) {
      const ok = expected.includes(value);
      failed ||= !ok;
      console.log(
        `${label.padEnd(48)}${value.padEnd(8)}${ok ? 'ok' : `expected ${expected.join(' or ')}`}`,
      );
    }

    // 4. Throughput, side by side.
    wrk(`${proxyUrl}/`);
    const viaCache = wrk(`${proxyUrl}/`);
    const direct = wrk(`${appUrl}/`);
    const fromFile = wrk(`http://127.0.0.1:${STATIC_PORT}/`);
    console.log('\nAnonymous GET / (wrk, 2 threads, 32 connections, 5 s each)');
    console.log(
      `${'through the nginx cache'.padEnd(30)}${pad(viaCache.toFixed(0), 8)} req/s ${pad((viaCache / fromFile).toFixed(2), 6)}x of nginx from a file`,
    );
    console.log(
      `${'straight to the app'.padEnd(30)}${pad(direct.toFixed(0), 8)} req/s ${pad((direct / fromFile).toFixed(2), 6)}x of nginx from a file`,
    );
    console.log(
      `${'nginx, same bytes from a file'.padEnd(30)}${pad(fromFile.toFixed(0), 8)} req/s ${pad('1.00', 6)}x`,
    );
    console.log(`cache vs app: ${(viaCache / direct).toFixed(1)}x`);
  }

  if (!skip.has('lighthouse')) {
    console.log('\nLighthouse (mobile)');
    console.log(
      `${'page'.padEnd(14)}${pad('perf', 6)}${pad('a11y', 6)}${pad('best', 6)}${pad('seo', 6)}`,
    );
    for (const [page, cookie] of [
      ['/', undefined],
      ['/pricing', undefined],
      ['/dashboard', cookies.many],
    ] as const) {
      const scores = lighthouse(`${appUrl}${page}`, cookie);
      if (!scores) {
        console.log(`${page.padEnd(14)}  (lighthouse did not run)`);
        continue;
      }
      console.log(
        `${page.padEnd(14)}${pad(scores.performance, 6)}${pad(scores.accessibility, 6)}${pad(scores.bestPractices, 6)}${pad(scores.seo, 6)}`,
      );
    }
  }
} finally {
  cleanup();
}
if (failed) {
  console.error('\nA byte budget or a cache check failed.');
  process.exit(1);
}
