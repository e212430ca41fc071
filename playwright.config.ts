import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, HEADLESS_CHROMIUM_PATH } from './scripts/lib/chromium';

// Journeys run against the production build (`npm run build` first), served by `npm start` on a
// fresh, migrated and seeded SQLite file. Browsers come from Debian (`apt-get install chromium`),
// because Playwright's own browser download cannot reach its host here.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const PG_PORT = PORT + 1;
/** Websites for the AI-readiness audit to check (tests/fixtures/audit-sites), on 127.0.0.1, past
 * the two PostgreSQL instances on PG_PORT and PG_PORT + 1. */
export const AUDIT_FIXTURES = {
  ready: `http://127.0.0.1:${PORT + 3}/`,
  blocking: `http://127.0.0.1:${PORT + 4}/`,
};
export const E2E_DATABASE = 'data/e2e.db';
/**
 * The servers' SESSION_SECRET: random per run (production refuses one published in the source).
 * Set in the runner's environment, which the workers inherit, so journeys that sign a link with it
 * (the digest's unsubscribe) read the same one.
 */
export const E2E_SESSION_SECRET = (process.env.E2E_SESSION_SECRET ??=
  randomBytes(24).toString('base64url'));
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
export const PG_WEBHOOK_SECRET = 'whsec_e2e_two_instances';
/** The signing secret of the main server's webhook endpoint (the demo checkout does not use it). */
export const E2E_WEBHOOK_SECRET = 'whsec_e2e_main_server';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 30_000,
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    // In CI (CI=true, as .ci/run sets it) also the 20 slowest journeys.
    ...(process.env.CI ? [['./tests/setup/slowest-playwright.ts'] as [string]] : []),
  ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed journey keeps its trace (each step's page, network and console) but no screencast:
    // filming every journey cost about a sixth of the browser's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // The headless shell, a third of the full browser's CPU; the full one to watch (--headed).
      executablePath:
        process.argv.includes('--headed') || process.argv.includes('--ui') || process.env.PWDEBUG
          ? CHROMIUM_PATH
          : HEADLESS_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // The journeys that mostly wait (a server of their own, a cron minute, a drain) first, so a
    // worker waits on them while the rest of the suite still runs beside it, not at its end.
    {
      name: 'long',
      testMatch: /shutdown\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'chromium',
      testIgnore: /shutdown\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'] },
    },
    // One smoke journey against the same build on a throw-away PostgreSQL database.
    {
      name: 'postgres',
      testMatch: /postgres\.smoke\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${PG_PORT}` },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx tests/fixtures/audit-sites/server.ts',
      url: AUDIT_FIXTURES.ready,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { AUDIT_FIXTURE_PORTS: `${PORT + 3},${PORT + 4}` },
    },
    {
      command: `rm -f ${E2E_DATABASE} ${E2E_DATABASE}-wal ${E2E_DATABASE}-shm && npm run db:migrate && npm run db:seed && npm start`,
      url: `http://localhost:${PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        PUBLIC_URL: `http://localhost:${PORT}`,
        DATABASE_URL: `file:./${E2E_DATABASE}`,
        SESSION_SECRET: E2E_SESSION_SECRET,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        NODE_ENV: 'production',
        // The whole purchase runs on the local demo checkout (no Stripe account, no network).
        DEMO_CHECKOUT: 'true',
        // The webhook journeys sign their events with the endpoint's secret, as Stripe does.
        STRIPE_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
        // As behind nginx: each journey is its own client address (X-Forwarded-For, see support.ts).
        TRUST_PROXY: 'true',
        // The audit journeys check the fixture sites on 127.0.0.1 (refused without this); the
        // weekly re-audit stays off so it never audits a journey's business behind its back.
        AUDIT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
        AUDIT_SCHEDULER: 'false',
        // Tracking asks the Demo assistant (simulated answers, no engine key, no network), and
        // only when a journey presses Run now: no scheduled round behind a journey's back.
        DEMO_TRACKING: 'true',
        TRACKING_SCHEDULER: 'false',
        // The external GPT is configured here, so the journeys see its secondary section (unset,
        // it is hidden: tests/integration/home-free-check.test.ts).
        FREE_GPT_URL: 'https://chatgpt.com/g/g-e2e-free-visibility-gpt',
      },
    },
    {
      command: 'node --import tsx scripts/serve-on-postgres.ts',
      url: `http://localhost:${PG_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(PG_PORT),
        PUBLIC_URL: `http://localhost:${PG_PORT}`,
        INSTANCES: '2',
        TRUST_PROXY: 'true',
        STRIPE_WEBHOOK_SECRET: PG_WEBHOOK_SECRET,
        SESSION_SECRET: E2E_SESSION_SECRET,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        NODE_ENV: 'production',
      },
    },
  ],
});
