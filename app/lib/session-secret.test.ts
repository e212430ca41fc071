import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_SESSION_SECRET,
  PUBLISHED_SESSION_SECRETS,
  resolveSessionSecret,
} from './session-secret';

const dir = mkdtempSync(path.join(tmpdir(), 'aiv-session-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the session secret (issue 41, item 4)', () => {
  it('production refuses a missing secret, saying how to make one', () => {
    const result = resolveSessionSecret({ value: undefined, file: undefined, production: true });
    expect(result).toEqual({
      problem: expect.stringContaining('SESSION_SECRET is required in production'),
    });
    expect((result as { problem: string }).problem).toContain('openssl rand');
  });

  it('production refuses every secret published in the source', () => {
    for (const value of PUBLISHED_SESSION_SECRETS) {
      const result = resolveSessionSecret({ value, file: undefined, production: true });
      expect(result, value).toEqual({
        problem: expect.stringContaining("published in this project's source"),
      });
    }
    const own = 'a-secret-of-this-installation-only-7d1c';
    expect(resolveSessionSecret({ value: own, file: undefined, production: true })).toEqual({
      secret: own,
    });
  });

  it('development and tests fall back to the published one', () => {
    expect(resolveSessionSecret({ value: '', file: undefined, production: false })).toEqual({
      secret: DEVELOPMENT_SESSION_SECRET,
    });
  });

  it('the demo’s file: a random secret made on the first run (owner-only), the same after', () => {
    const file = path.join(dir, 'data', 'session-secret');
    const first = resolveSessionSecret({ value: undefined, file, production: true });
    expect(first).toEqual({ secret: expect.stringMatching(/^[\w-]{43}$/) });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSessionSecret({ value: undefined, file, production: true })).toEqual(first);
    // Another installation gets another one.
    const other = resolveSessionSecret({
      value: undefined,
      file: path.join(dir, 'other', 'session-secret'),
      production: true,
    });
    expect(other).not.toEqual(first);
    // SESSION_SECRET, when set, wins over the file.
    expect(
      resolveSessionSecret({ value: 'set-by-the-operator-0123456789', file, production: true }),
    ).toEqual({ secret: 'set-by-the-operator-0123456789' });
  });

  it('lists every session secret written in the source (so none of them runs in production)', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(ts|tsx|mjs|js|json|md|example|yml|yaml|sh)$/.test(file))
      .filter((file) => !file.endsWith('package-lock.json'));
    const pattern =
      /\b(?:SESSION_SECRET|SECRET)\s*(?:\?\?=|[:=])\s*["'`]([^"'`$\s]{16,})["'`]|seedDemoApiKey\(\s*["'`]([^"'`$\s]{16,})["'`]/g;
    const found = new Set<string>();
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(path.join(root, file), 'utf8');
      } catch {
        continue;
      }
      for (const match of text.matchAll(pattern)) {
        const secret = (match[1] ?? match[2])!;
        // Stripe's webhook and API secrets are other variables' values.
        if (!/^(whsec|sk|rk)_/.test(secret)) found.add(secret);
      }
    }
    expect(found.size).toBeGreaterThan(0);
    expect([...found].filter((secret) => !PUBLISHED_SESSION_SECRETS.includes(secret))).toEqual([]);
  });

  it('the production server refuses to start without a secret or with a published one', () => {
    const start = (secret: string | undefined) => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://localhost:3000',
        DATABASE_URL: `file:${path.join(dir, 'unused.db')}`,
      };
      delete env.SESSION_SECRET;
      delete env.SESSION_SECRET_FILE;
      if (secret) env.SESSION_SECRET = secret;
      try {
        execFileSync(
          process.execPath,
          ['--import', 'tsx', '-e', "await import('./app/lib/env.server.ts')"],
          { env, encoding: 'utf8', stdio: 'pipe', cwd: path.resolve(import.meta.dirname, '../..') },
        );
        return { code: 0, stderr: '' };
      } catch (error) {
        const failed = error as { status: number; stderr: string };
        return { code: failed.status, stderr: failed.stderr };
      }
    };
    const missing = start(undefined);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('SESSION_SECRET is required in production');
    const published = start(DEVELOPMENT_SESSION_SECRET);
    expect(published.code).not.toBe(0);
    expect(published.stderr).toContain("published in this project's source");
    expect(start('a-secret-of-this-installation-only-7d1c').code).toBe(0);
  }, 30_000);
});
