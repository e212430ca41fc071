import Database from 'better-sqlite3';
import { migrate } from '/work/search/scripts/db-migrate';
const file = '/tmp/searchx/big.db';
await migrate(`file:${file}`, true);
const db = new Database(file);
const id = (p: string, n: number) => `${p}${n.toString(36).padStart(23, '0')}`;
const now = Date.now(), year = 365 * 864e5;
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');
const iu = db.prepare(`INSERT INTO "User" (id, email, firstName, lastName, role, subscriptionStatus, createdAt, updatedAt) VALUES (?, ?, ?, ?, 'user', 'free', ?, ?)`);
const ib = db.prepare(`INSERT INTO "Business" (id, userId, name, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)`);
db.transaction(() => {
  for (let i = 0; i < 100000; i++) { const n = String(i).padStart(5, '0'); const at = iso(now - year + i * year / 1e5); iu.run(id('u', i), `user-${n}@example.com`, `First${n}`, `Last${n}`, at, at); }
  for (let i = 0; i < 100000; i++) { const at = iso(now - year + i * year / 1e5); ib.run(id('b', i), id('u', i), i % 250 === 0 ? `Okafor Plumbing ${i}` : `Business ${i}`, at, at); }
})();
db.exec('ANALYZE');
console.log('ok');
