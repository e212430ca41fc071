// A signed-in user written straight into a benchmark's SQLite database: the User row and a Session
// whose token (returned) the app accepts as a session cookie or bearer token. Used by `npm run
// bench` and `npm run budget`, which seed before the server starts.
import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';

const DAY = 86_400_000;

export const isoAt = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

export function addSignedInUser(
  db: Database.Database,
  user: { id: string; role: 'user' | 'admin'; firstName: string },
  now = Date.now(),
): string {
  db.prepare(
    `INSERT INTO "User" (id, email, firstName, role, subscriptionStatus, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, 'growth', ?, ?)`,
  ).run(user.id, `${user.id}@example.com`, user.firstName, user.role, isoAt(now), isoAt(now));
  const token = randomBytes(32).toString('base64url');
  db.prepare(`INSERT INTO "Session" (id, userId, createdAt, expiresAt) VALUES (?, ?, ?, ?)`).run(
    createHash('sha256').update(token).digest('hex'),
    user.id,
    isoAt(now),
    isoAt(now + 30 * DAY),
  );
  return token;
}
