import { createHash } from 'node:crypto';
import { db } from '~/lib/db.server';

// oidc-provider's storage adapter on Prisma (both databases), one table: OAuthRecord.
// - Every record is found by `key` = SHA-256(kind + ':' + id). For tokens and codes the id IS the
//   secret (an opaque access token, a refresh token, an authorization code, a registration access
//   token), so the database holds only its hash, as it does for API keys and sessions.
// - The payload is stored without `jti` (which repeats the id) and gets it back from the id the
//   caller presented. Sessions keep theirs: oidc-provider looks a session up by its uid, without
//   the id, and a session here only spans one sign-in to an app (its tokens outlive it).
// - Expired rows are never returned; the daily retention job deletes them (retention.server.ts).

type Payload = Record<string, unknown> & {
  jti?: string;
  grantId?: string;
  accountId?: string;
  clientId?: string;
  client_id?: string;
  uid?: string;
  consumed?: number;
  exp?: number;
};

export function hashOf(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function recordKey(kind: string, id: string): string {
  return hashOf(`${kind}:${id}`);
}

/** Records whose id is not a secret, so `jti` may stay in the payload. */
const KEEPS_ID = new Set(['Session']);

/** How long an unused registered client is kept (no grant made with it). */
export const UNUSED_CLIENT_DAYS = 7;

export class PrismaOAuthAdapter {
  constructor(private readonly kind: string) {}

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const stored: Payload = { ...payload };
    if (!KEEPS_ID.has(this.kind)) delete stored.jti;
    const now = Date.now();
    let expiresAt = expiresIn ? new Date(now + expiresIn * 1000) : null;
    // A registered client that nobody connects with expires (a Grant made with it clears this).
    if (this.kind === 'Client' && !expiresAt) {
      const existing = await db.oAuthRecord.findUnique({
        where: { key: recordKey(this.kind, id) },
        select: { expiresAt: true },
      });
      expiresAt = existing
        ? existing.expiresAt
        : new Date(now + UNUSED_CLIENT_DAYS * 24 * 60 * 60 * 1000);
    }
    const fields = {
      kind: this.kind,
      payload: JSON.stringify(stored),
      // A Grant carries its own id here, so revoking a grant deletes it with its tokens.
      grantId: this.kind === 'Grant' ? id : (payload.grantId ?? null),
      uid: payload.uid ? hashOf(`uid:${payload.uid}`) : null,
      userId: this.kind === 'Interaction' ? null : (payload.accountId ?? null),
      clientId: payload.clientId ?? payload.client_id ?? null,
      expiresAt,
    };
    const key = recordKey(this.kind, id);
    await db.oAuthRecord.upsert({ where: { key }, create: { key, ...fields }, update: fields });
  }

  async find(id: string): Promise<Payload | undefined> {
    const row = await db.oAuthRecord.findUnique({ where: { key: recordKey(this.kind, id) } });
    return row ? this.toPayload(row, id) : undefined;
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const row = await db.oAuthRecord.findUnique({ where: { uid: hashOf(`uid:${uid}`) } });
    return row && row.kind === this.kind ? this.toPayload(row, undefined) : undefined;
  }

  async findByUserCode(): Promise<undefined> {
    // The device flow is off: there are no user codes.
    return undefined;
  }

  async consume(id: string): Promise<void> {
    await db.oAuthRecord.updateMany({
      where: { key: recordKey(this.kind, id) },
      data: { consumedAt: new Date() },
    });
  }

  async destroy(id: string): Promise<void> {
    await db.oAuthRecord.deleteMany({ where: { key: recordKey(this.kind, id) } });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await db.oAuthRecord.deleteMany({ where: { grantId } });
  }

  private toPayload(
    row: { payload: string; expiresAt: Date | null; consumedAt: Date | null },
    id: string | undefined,
  ): Payload | undefined {
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
    const payload = JSON.parse(row.payload) as Payload;
    if (id !== undefined && !KEEPS_ID.has(this.kind)) payload.jti = id;
    if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
    return payload;
  }
}
