import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

// Each test file talks to its own copy of the migrated template database, so files never see each
// other's rows and can run in parallel. This runs before the file imports any app module.
const template = inject('templateDatabase');
const pgServerUrl = inject('pgServerUrl');

if (pgServerUrl) {
  const name = `aiv_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: pgServerUrl });
  await admin.connect();
  try {
    // Two files copying the template at the same moment can collide; try again briefly.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
  process.env.DATABASE_URL = pgServerUrl.replace(/\/postgres$/, `/${name}`);
  process.env.DATABASE_POOL_SIZE = '4';
} else {
  const file = path.join(path.dirname(template), `${randomUUID()}.db`);
  copyFileSync(template, file);
  process.env.DATABASE_URL = `file:${file}`;
}
process.env.SESSION_SECRET = 'test-session-secret-0123456789';
// The reader alone unless a test chooses an extraction model (with a real engine's key set, the
// cheapest model of that engine would be asked by default).
process.env.TRACKING_EXTRACTION_MODEL ??= 'off';
// Tests play the reverse proxy: they set X-Forwarded-For to stand for different clients.
process.env.TRUST_PROXY = 'true';
(globalThis as { __db?: unknown }).__db = undefined;
// The AI-readiness audits fetch fixture sites this machine serves on 127.0.0.1 (refused otherwise);
// the SSRF tests pass their own policy with the allowance off.
process.env.AUDIT_ALLOWED_PRIVATE_HOSTS = '127.0.0.1';
process.env.AUDIT_SCHEDULER = 'false';
