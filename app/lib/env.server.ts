import { existsSync } from 'node:fs';
import { z } from 'zod';
import { databaseEngine, DATABASE_URL_HELP } from './database-url';

// Configuration is read once, at start-up, from the environment (and a `.env` file if there is one).
// Every variable has a default that runs the embedded demo; `.env.example` documents them all.
if (existsSync('.env')) process.loadEnvFile('.env');

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((value) => value === 'true' || value === '1');

const url = z.url({ protocol: /^https?$/ });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .default('file:./data/app.db')
    .refine((value) => databaseEngine(value) !== null, DATABASE_URL_HELP),
  /** PostgreSQL only: connections each app instance keeps open. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SESSION_SECRET: z.string().min(16).default('dev-only-session-secret-change-me-in-production'),
  /** Secure cookies; defaults to on in production. Browsers accept them on http://localhost too. */
  COOKIE_SECURE: bool.optional(),
  /**
   * Behind a reverse proxy, take the client IP from X-Forwarded-For / X-Real-IP. Off by default:
   * without a proxy those headers come from the client and could be forged.
   */
  TRUST_PROXY: bool.default(false),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),

  FREE_GPT_URL: url.default('https://chatgpt.com/g/g-free-ai-visibility-check'),
  PREMIUM_GPT_URL: url.default('https://chatgpt.com/g/g-premium-ai-visibility-coach'),
  BOOKING_URL: url.default('https://calendly.com/ai-visibility/strategy-call'),
  CHECKOUT_URL_DIY: url.default('https://buy.stripe.com/test_diy_all_in'),
  CHECKOUT_URL_STARTER: url.default('https://buy.stripe.com/test_white_glove_starter'),
  CHECKOUT_URL_GROWTH: url.default('https://buy.stripe.com/test_growth'),
  CHECKOUT_URL_AUTHORITY: url.default('https://buy.stripe.com/test_authority'),
});

export type Env = z.infer<typeof schema>;

function parse(): Env {
  const result = schema.safeParse(process.env);
  if (!result.success) {
    console.error('Invalid environment configuration:\n' + z.prettifyError(result.error));
    throw new Error('Invalid environment configuration');
  }
  return result.data;
}

export const env = parse();
export const isProduction = env.NODE_ENV === 'production';
export const cookieSecure = env.COOKIE_SECURE ?? isProduction;

if (isProduction && env.SESSION_SECRET.startsWith('dev-only')) {
  console.warn('SESSION_SECRET is the demo default: set your own before going live.');
}

/** The links the browser may see. The premium GPT URL is deliberately not here. */
export const publicLinks = {
  freeGptUrl: env.FREE_GPT_URL,
  bookingUrl: env.BOOKING_URL,
};
