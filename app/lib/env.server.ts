import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseExtractionModel } from './ai/extraction-config';
import { databaseEngine, DATABASE_URL_HELP } from './database-url';
import { resolveSessionSecret } from './session-secret';

// Configuration is read once, at start-up, from the environment (and a `.env` file if there is one).
// Every variable has a default that runs the embedded demo; `.env.example` documents them all.
if (existsSync('.env')) process.loadEnvFile('.env');

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((value) => value === 'true' || value === '1');

const url = z.url({ protocol: /^https?$/ });

/** The free GPT address the project shipped as a placeholder: treated as "not configured". */
export const FREE_GPT_PLACEHOLDER = 'https://chatgpt.com/g/g-free-ai-visibility-check';

/** The made-up operator the demo runs as (see COMPANY_NAME below). */
const DEMO_COMPANY = {
  name: 'AI Visibility Demo Company',
  address: '100 Example Street, Springfield, USA',
  email: 'hello@example.com',
};

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .default('file:./data/app.db')
    .refine((value) => databaseEngine(value) !== null, DATABASE_URL_HELP),
  /** PostgreSQL only: connections each app instance keeps open. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Signs the cookies, unsubscribe links and the demo key: required in production, and never one
   * published in the source (~/lib/session-secret). SESSION_SECRET_FILE: a file holding it, made
   * with a random one when missing (what `npm run demo` uses, in its data folder).
   */
  SESSION_SECRET: z.string().optional(),
  SESSION_SECRET_FILE: z.string().optional(),
  /** Secure cookies; defaults to on in production. Browsers accept them on http://localhost too. */
  COOKIE_SECURE: bool.optional(),
  /**
   * Behind a reverse proxy, take the client IP from X-Forwarded-For / X-Real-IP. Off by default:
   * without a proxy those headers come from the client and could be forged.
   */
  TRUST_PROXY: bool.default(false),
  /**
   * The site's public address (https://example.com): every absolute URL (sitemap, robots,
   * canonical and Open Graph links, payment return URLs) is built from it, never from a request's
   * Host. Required in production; in development and tests the request's origin stands in.
   */
  PUBLIC_URL: z.union([z.literal(''), url]).default(''),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Requests one API key may make a minute on one instance (the JSON API and /mcp); then 429. */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),

  /**
   * The operator of the site, as the privacy policy and the terms name it: company name, postal
   * address and the e-mail address for privacy and legal questions. The defaults are a demo's.
   */
  COMPANY_NAME: z.string().trim().min(1).max(200).default(DEMO_COMPANY.name),
  COMPANY_ADDRESS: z.string().trim().min(1).max(500).default(DEMO_COMPANY.address),
  CONTACT_EMAIL: z.email().default(DEMO_COMPANY.email),

  /**
   * The external free GPT, offered as a secondary link beside our own free check (issue 44). Unset
   * (or left at the old placeholder address), the link is hidden: no page sends visitors to a GPT
   * that does not exist.
   */
  FREE_GPT_URL: z.preprocess(
    (value) => (value === '' || value === FREE_GPT_PLACEHOLDER ? undefined : value),
    url.optional(),
  ),
  PREMIUM_GPT_URL: url.default('https://chatgpt.com/g/g-premium-ai-visibility-coach'),
  BOOKING_URL: url.default('https://calendly.com/ai-visibility/strategy-call'),
  CHECKOUT_URL_DIY: url.default('https://buy.stripe.com/test_diy_all_in'),
  CHECKOUT_URL_STARTER: url.default('https://buy.stripe.com/test_white_glove_starter'),
  CHECKOUT_URL_GROWTH: url.default('https://buy.stripe.com/test_growth'),
  CHECKOUT_URL_AUTHORITY: url.default('https://buy.stripe.com/test_authority'),

  /** Payments (Stripe). Any may be empty; see refinePayments for the combinations refused. */
  STRIPE_SECRET_KEY: z.string().trim().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().trim().default(''),
  STRIPE_PRICE_DIY: z.string().trim().default(''),
  STRIPE_PRICE_STARTER: z.string().trim().default(''),
  STRIPE_PRICE_GROWTH: z.string().trim().default(''),
  STRIPE_PRICE_AUTHORITY: z.string().trim().default(''),
  /** Tests only: send Stripe API calls to a local fake (e.g. http://127.0.0.1:12111). */
  STRIPE_API_URL: z.union([z.literal(''), url]).default(''),
  /** A local test checkout instead of Stripe's, so a purchase can be tried with no account. */
  DEMO_CHECKOUT: bool.default(false),
  /** Days of access past a paid period's end, so a late renewal event never locks out a payer. */
  SUBSCRIPTION_GRACE_DAYS: z.coerce.number().int().min(0).max(30).default(3),

  /**
   * E-mail: an SMTP server to send through (smtp://user:pass@host:587, smtps://… for TLS). Without
   * it every message waits in the outbox, where admins read it (Admin panel → Outbox).
   */
  SMTP_URL: z
    .union([
      z.literal(''),
      z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be smtp://… or smtps://…'),
    ])
    .default(''),
  /** The sender of every message, e.g. "AI Visibility <hello@example.com>". */
  MAIL_FROM: z.string().trim().max(320).default(''),

  /**
   * AI-readiness audits fetch the websites owners enter and refuse private, loopback and
   * link-local addresses. Tests only: addresses listed here (comma-separated, e.g. 127.0.0.1)
   * may be fetched anyway, for fixture sites on this machine. Empty in production.
   */
  AUDIT_ALLOWED_PRIVATE_HOSTS: z
    .string()
    .default('')
    .refine(
      (value) =>
        value
          .split(/[\s,]+/)
          .filter(Boolean)
          .every((entry) => isIP(entry.replace(/^\[|\]$/g, '')) !== 0),
      'must be IP addresses separated by commas, e.g. 127.0.0.1',
    ),
  /**
   * The weekly re-audit of premium plans' businesses (on by default): a schedule of the job engine
   * that looks for due businesses at every occurrence of AUDIT_SCHEDULE_CRON (UTC) and enqueues one
   * audit job for each.
   */
  AUDIT_SCHEDULER: bool.default(true),
  AUDIT_SCHEDULE_CRON: z.string().trim().min(9).default('0 * * * *'),

  /**
   * Background jobs (app/jobs). JOBS_WORKER=false makes a web-only instance: it enqueues jobs but
   * runs none and fires no schedules; worker instances (JOBS_WORKER=true, the default) run them.
   */
  JOBS_WORKER: bool.default(true),
  /** Jobs of each queue one instance runs at a time. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  /** How often an idle worker looks for due jobs (a job enqueued in the same process wakes it). */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /**
   * A running job whose instance has not been heard of for this long is taken to be lost (the
   * process died) and runs again. PostgreSQL (pg-boss) needs at least 10.
   */
  JOBS_LEASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /**
   * Event-loop lag (ms) above which a worker claims no new job for a moment (up to 1 s), so
   * background work uses the time requests leave free. 0 turns pacing off.
   */
  JOBS_PACE_LAG_MS: z.coerce.number().int().min(0).max(10_000).default(25),
  /**
   * PostgreSQL: the server runs its job workers on a thread of their own (their own database pool),
   * so pages never wait behind them (docs/decisions/0030). false runs them on the request thread.
   * SQLite always runs them beside the requests (its one connection has a thread of its own).
   */
  JOBS_THREAD: bool.default(true),
  /** Delay before an e-mail's first retry; each further one waits twice as long (5 attempts). */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().min(0.01).max(3600).default(15),

  /**
   * Tracking (does each AI engine name the business?). An engine is on when its key is set; every
   * engine also takes <ENGINE>_BASE_URL (a proxy, or a local fake in tests) and <ENGINE>_MODEL,
   * <ENGINE>_CONCURRENCY (calls at a time per instance) and <ENGINE>_RPM (requests a minute, shared
   * by every instance). The OpenAI-compatible engine (Ollama, vLLM, llama.cpp, a hosted one) is on
   * when OPENAI_COMPATIBLE_BASE_URL is set.
   */
  OPENAI_API_KEY: z.string().trim().default(''),
  OPENAI_BASE_URL: z.union([z.literal(''), url]).default(''),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-5-mini'),
  OPENAI_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  OPENAI_RPM: z.coerce.number().int().min(1).max(100_000).default(60),
  PERPLEXITY_API_KEY: z.string().trim().default(''),
  PERPLEXITY_BASE_URL: z.union([z.literal(''), url]).default(''),
  PERPLEXITY_MODEL: z.string().trim().min(1).default('sonar'),
  PERPLEXITY_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  PERPLEXITY_RPM: z.coerce.number().int().min(1).max(100_000).default(50),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().trim().default(''),
  GOOGLE_BASE_URL: z.union([z.literal(''), url]).default(''),
  GOOGLE_MODEL: z.string().trim().min(1).default('gemini-2.5-flash'),
  GOOGLE_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  GOOGLE_RPM: z.coerce.number().int().min(1).max(100_000).default(60),
  ANTHROPIC_API_KEY: z.string().trim().default(''),
  ANTHROPIC_BASE_URL: z.union([z.literal(''), url]).default(''),
  ANTHROPIC_MODEL: z.string().trim().min(1).default('claude-haiku-4-5'),
  ANTHROPIC_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  ANTHROPIC_RPM: z.coerce.number().int().min(1).max(100_000).default(50),
  OPENAI_COMPATIBLE_BASE_URL: z.union([z.literal(''), url]).default(''),
  OPENAI_COMPATIBLE_MODEL: z.string().trim().default(''),
  OPENAI_COMPATIBLE_API_KEY: z.string().trim().default(''),
  OPENAI_COMPATIBLE_NAME: z.string().trim().max(60).default(''),
  OPENAI_COMPATIBLE_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
  OPENAI_COMPATIBLE_RPM: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * The Demo assistant: simulated answers for a machine with no engine key (npm run demo). Unset,
   * it is on in development when no engine is configured; refused with any engine configured, and
   * in production unless set explicitly.
   */
  DEMO_TRACKING: bool.optional(),
  /** Times each prompt is asked of each engine per period. */
  TRACKING_SAMPLES: z.coerce.number().int().min(1).max(20).default(3),
  /** Spend a calendar month (UTC) may reach, from token usage × TRACKING_PRICES; then runs pause. */
  TRACKING_MONTHLY_BUDGET_USD: z.coerce.number().min(0).max(1_000_000).default(50),
  /**
   * Prices per model, JSON, merged over the built-in table (app/lib/ai/prices.ts):
   * {"gpt-5-mini":{"input":0.25,"output":2,"request":0.01}}: dollars per million input and output
   * tokens, and per call (the web search).
   */
  TRACKING_PRICES: z.string().trim().default(''),
  /** One engine call's time limit, and the attempts before an answer is recorded as failed. */
  TRACKING_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(600).default(90),
  TRACKING_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  /** Delay before a failed call's first retry (doubling), unless the engine says Retry-After. */
  TRACKING_RETRY_DELAY_SECONDS: z.coerce.number().min(0).max(600).default(2),
  /**
   * The optional extraction model, "<provider>:<model>" (openai, anthropic, google, perplexity or
   * openai-compatible, with that engine's key and base URL): lists the businesses each answer
   * names and labels the sentences naming the owner's business. Empty: the reader alone.
   */
  TRACKING_EXTRACTION_MODEL: z.string().trim().max(200).default(''),
  /** The scheduled rounds (weekly for DIY and Starter, daily for Growth and Authority). */
  TRACKING_SCHEDULER: bool.default(true),
  TRACKING_SCHEDULE_CRON: z.string().trim().min(9).default('10 * * * *'),
  /**
   * Minutes over which a scan's due rounds are spread: each business's round starts at its own
   * offset (the same every period), so a scan never asks every business at once. 0: all at once.
   */
  TRACKING_ROUND_SPREAD_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(60),
  /** The weekly digest e-mail to owners on paid plans (UTC). */
  TRACKING_DIGEST_CRON: z.string().trim().min(9).default('0 9 * * 1'),
  /**
   * Days raw AI answers (their full text) are kept; the per-day figures every chart and total is
   * read from are kept for good. A daily job deletes older answers, in batches.
   */
  /** Where uploaded access logs wait for their import job (shared storage when several instances run). */
  CRAWLER_LOG_DIR: z.string().min(1).default('./data/crawler-logs'),
  TRACKING_ANSWER_RETENTION_DAYS: z.coerce.number().int().min(7).max(36_500).default(90),
  /** Days the access log, sign-in attempts and ended sign-ins (login history) are kept. */
  ACCESS_LOG_RETENTION_DAYS: z.coerce.number().int().min(7).max(36_500).default(365),
  /** When the daily retention job runs (UTC). */
  RETENTION_CRON: z.string().trim().min(9).default('40 3 * * *'),
});

/** Combinations of payment settings that cannot work are refused at start-up. */
export function paymentProblems(config: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  const key = config.STRIPE_SECRET_KEY;
  if (key && !/^(sk|rk)_(test|live)_/.test(key)) {
    problems.push('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_… or rk_…)');
  }
  if (config.DEMO_CHECKOUT && /_live_/.test(key)) {
    problems.push('DEMO_CHECKOUT=true cannot run with a live STRIPE_SECRET_KEY');
  }
  if (config.DEMO_CHECKOUT && /^whsec_live/.test(config.STRIPE_WEBHOOK_SECRET)) {
    problems.push('DEMO_CHECKOUT=true cannot run with a live webhook secret');
  }
  if (key && !config.DEMO_CHECKOUT) {
    const missing = (['DIY', 'STARTER', 'GROWTH', 'AUTHORITY'] as const).filter(
      (plan) => !config[`STRIPE_PRICE_${plan}`],
    );
    if (missing.length) {
      problems.push(
        `STRIPE_SECRET_KEY is set, so every plan needs its price: missing ${missing.map((plan) => `STRIPE_PRICE_${plan}`).join(', ')}`,
      );
    }
    if (!config.STRIPE_WEBHOOK_SECRET) {
      problems.push(
        'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: payments could never activate a plan',
      );
    }
  }
  return problems;
}

/** The real engines configured (their keys set), by the variable that turned each on. */
export function realEngineSettings(config: z.infer<typeof schema>): string[] {
  return (
    [
      'OPENAI_API_KEY',
      'PERPLEXITY_API_KEY',
      'GOOGLE_GENERATIVE_AI_API_KEY',
      'ANTHROPIC_API_KEY',
      'OPENAI_COMPATIBLE_BASE_URL',
    ] as const
  ).filter((name) => config[name]);
}

/** Whether the Demo assistant answers: explicitly set, or by default in development with no key. */
export function demoTrackingOn(config: z.infer<typeof schema>): boolean {
  return (
    config.DEMO_TRACKING ??
    (config.NODE_ENV === 'development' && !realEngineSettings(config).length)
  );
}

/** Tracking settings that cannot work are refused at start-up. */
export function trackingProblems(config: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  const real = realEngineSettings(config);
  if (config.DEMO_TRACKING && real.length) {
    problems.push(
      `DEMO_TRACKING=true cannot run with a real engine configured (${real.join(', ')}): simulated answers would mix with real ones`,
    );
  }
  if (config.OPENAI_COMPATIBLE_BASE_URL && !config.OPENAI_COMPATIBLE_MODEL) {
    problems.push(
      'OPENAI_COMPATIBLE_BASE_URL is set, so OPENAI_COMPATIBLE_MODEL must name the model to ask',
    );
  }
  const extraction = parseExtractionModel(config);
  if (typeof extraction === 'string') problems.push(extraction);
  if (extraction && config.DEMO_TRACKING)
    problems.push(
      'TRACKING_EXTRACTION_MODEL cannot run with DEMO_TRACKING=true: the demo asks no real model',
    );
  if (config.TRACKING_PRICES) {
    const prices = z.record(
      z.string(),
      z.object({
        input: z.number().min(0),
        output: z.number().min(0),
        request: z.number().min(0).optional(),
      }),
    );
    let parsed: unknown;
    try {
      parsed = JSON.parse(config.TRACKING_PRICES);
    } catch {
      parsed = undefined;
    }
    if (!prices.safeParse(parsed).success) {
      problems.push(
        'TRACKING_PRICES must be JSON like {"gpt-5-mini":{"input":0.25,"output":2,"request":0.01}} (dollars per million tokens, and per call)',
      );
    }
  }
  return problems;
}

export type Env = Omit<z.infer<typeof schema>, 'SESSION_SECRET'> & { SESSION_SECRET: string };

function parse(): Env {
  const result = schema.safeParse(process.env);
  if (!result.success) {
    console.error('Invalid environment configuration:\n' + z.prettifyError(result.error));
    throw new Error('Invalid environment configuration');
  }
  const session = resolveSessionSecret({
    value: result.data.SESSION_SECRET,
    file: result.data.SESSION_SECRET_FILE,
    production: result.data.NODE_ENV === 'production',
  });
  if ('problem' in session) {
    console.error(session.problem);
    throw new Error('Invalid environment configuration');
  }
  if (result.data.NODE_ENV === 'production' && !result.data.PUBLIC_URL) {
    console.error(
      'PUBLIC_URL is required in production: the address people reach the site at, e.g. https://example.com (npm run demo sets http://localhost:3000).',
    );
    throw new Error('Invalid environment configuration');
  }
  const problems = paymentProblems(result.data);
  if (problems.length) {
    console.error(`Invalid payment configuration:\n${problems.map((p) => `  ✖ ${p}`).join('\n')}`);
    throw new Error('Invalid payment configuration');
  }
  const tracking = trackingProblems(result.data);
  if (tracking.length) {
    console.error(`Invalid tracking configuration:\n${tracking.map((p) => `  ✖ ${p}`).join('\n')}`);
    throw new Error('Invalid tracking configuration');
  }
  return { ...result.data, SESSION_SECRET: session.secret };
}

export const env = parse();
export const isProduction = env.NODE_ENV === 'production';
export const cookieSecure = env.COOKIE_SECURE ?? isProduction;
/** The Demo assistant answers instead of real engines (see DEMO_TRACKING). */
export const demoTracking = demoTrackingOn(env);

if (demoTracking && env.NODE_ENV !== 'test') {
  console.warn(
    'The Demo assistant is on (DEMO_TRACKING): tracking shows simulated answers, never real figures.',
  );
}

if (env.DEMO_CHECKOUT) {
  console.warn(
    'DEMO_CHECKOUT is on: /checkout shows a local test payment page and activates plans without charging anyone.',
  );
}

if (cookieSecure && env.PUBLIC_URL.startsWith('http:')) {
  const host = new URL(env.PUBLIC_URL).hostname;
  if (!['localhost', '127.0.0.1', '[::1]'].includes(host)) {
    console.warn(
      `PUBLIC_URL is plain http on ${host}, but cookies are Secure: browsers will drop them and sign-in will not stick. Serve the site over https, or set COOKIE_SECURE=false for a trial on your network.`,
    );
  }
}

// Said once at start-up (not in every test file, where the test setup sets it on purpose).
if (env.AUDIT_ALLOWED_PRIVATE_HOSTS.trim() && env.NODE_ENV !== 'test') {
  console.warn(
    `AUDIT_ALLOWED_PRIVATE_HOSTS is set: AI-readiness audits may fetch ${env.AUDIT_ALLOWED_PRIVATE_HOSTS.trim()} (meant for tests against local fixture sites; leave it empty in production).`,
  );
}

if (
  isProduction &&
  (env.COMPANY_NAME === DEMO_COMPANY.name ||
    env.COMPANY_ADDRESS === DEMO_COMPANY.address ||
    env.CONTACT_EMAIL === DEMO_COMPANY.email)
) {
  console.warn(
    'COMPANY_NAME, COMPANY_ADDRESS or CONTACT_EMAIL is the demo default: the privacy policy and terms name the operator from them. Set your own before going live.',
  );
}

/** Who runs the site, as the privacy policy and the terms name it. */
export const company = {
  name: env.COMPANY_NAME,
  address: env.COMPANY_ADDRESS,
  email: env.CONTACT_EMAIL,
};

/** The links the browser may see. The premium GPT URL is deliberately not here. */
export const publicLinks = {
  /** Null when not configured: the link is not shown. */
  freeGptUrl: env.FREE_GPT_URL ?? null,
  bookingUrl: env.BOOKING_URL,
};
