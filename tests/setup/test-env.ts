import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

// Each test file talks to its own copy of the migrated template database, so files never see each
// other's rows and can run in parallel. This runs before the file imports any app module.
const template = inject('templateDatabase');
const file = path.join(path.dirname(template), `${randomUUID()}.db`);
copyFileSync(template, file);
process.env.DATABASE_URL = `file:${file}`;
process.env.SESSION_SECRET = 'test-session-secret-0123456789';
// Tests play the reverse proxy: they set X-Forwarded-For to stand for different clients.
process.env.TRUST_PROXY = 'true';
(globalThis as { __db?: unknown }).__db = undefined;
