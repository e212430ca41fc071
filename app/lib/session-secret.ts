import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// SESSION_SECRET signs the session, flash and device cookies, the digest's unsubscribe links and
// derives the demo API key (issue 41). A secret anyone can read in this project's source signs
// all of those for anyone: device cookies that pass every sign-in limit, unsubscribe links for any
// user, the demo key. So production refuses to start without one, or with one published here.
// The demo (`npm run demo`, production mode) names a file instead, SESSION_SECRET_FILE: made with
// a random secret on the first run and read after, so every installation has its own and the demo
// still starts with one command. Development and tests fall back to a fixed, published value.

/** The development fallback: published, so refused in production. */
export const DEVELOPMENT_SESSION_SECRET = 'dev-only-session-secret-change-me-in-production';

/**
 * Every session secret this project's source has carried (defaults, examples, test and benchmark
 * values): never accepted in production. A test keeps this list complete with the source.
 */
export const PUBLISHED_SESSION_SECRETS: readonly string[] = [
  DEVELOPMENT_SESSION_SECRET,
  'test-session-secret-0123456789',
  'e2e-session-secret-0123456789abcdef',
  'server-spec-session-secret-0123456789',
  'bench-session-secret-0123456789abcdef',
  'budget-session-secret-0123456789abcdef',
  'a-demo-only-secret-0123456789',
  'another-installation-secret-0123',
];

export const SESSION_SECRET_HELP =
  'Set SESSION_SECRET to a long random value of your own, e.g. the output of `openssl rand -base64 32`, the same on every instance (or SESSION_SECRET_FILE to a file that holds it).';

/** Reads the secret of a file, making the file with a random secret when it does not exist. */
function secretOfFile(file: string): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // `wx`: two processes starting at once cannot both write one; the loser reads the winner's.
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, {
        flag: 'wx',
        mode: 0o600,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The session secret to run with, or why the configuration cannot run: SESSION_SECRET, else the
 * secret of SESSION_SECRET_FILE, else (outside production only) the development fallback.
 */
export function resolveSessionSecret(config: {
  value: string | undefined;
  file: string | undefined;
  production: boolean;
}): { secret: string } | { problem: string } {
  const secret =
    config.value?.trim() ||
    (config.file?.trim() ? secretOfFile(config.file.trim()) : '') ||
    (config.production ? '' : DEVELOPMENT_SESSION_SECRET);
  if (!secret)
    return { problem: `SESSION_SECRET is required in production. ${SESSION_SECRET_HELP}` };
  if (secret.length < 16)
    return { problem: `SESSION_SECRET must be at least 16 characters. ${SESSION_SECRET_HELP}` };
  if (config.production && PUBLISHED_SESSION_SECRETS.includes(secret))
    return {
      problem: `SESSION_SECRET is a value published in this project's source, so anyone could sign its cookies and links. ${SESSION_SECRET_HELP}`,
    };
  return { secret };
}
