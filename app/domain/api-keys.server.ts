import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { db, type TransactionClient } from '~/lib/db.server';
import { withOwnerLock } from '~/lib/owner-lock.server';
import { publicUserSelect, toPublicUser, type PublicUser } from './accounts.server';
import { DomainError } from './errors';
import { notifyApiKeyCreated } from './notices.server';
import {
  API_KEYS_PER_ACCOUNT,
  apiKeyLimit,
  effectiveTier,
  TIER_LABELS,
  TIERS,
  type SubscriptionFacts,
  type Tier,
} from './tiers';

// API keys (decision 22): a named key acts as its owner for the JSON API and the MCP server.
// `aiv_<prefix>_<secret>`: the prefix (12 hex characters) is stored and shown to recognise the
// key; the secret (32 random bytes, base64url) is shown once, when the key is made. Only the
// SHA-256 of the whole key is kept. A key is found by its prefix and its hash compared in constant
// time. Revoking deletes the row, so the very next request with it is refused.
// "Last used" is noted in memory and written in one batch at most once a minute (and when the
// server stops): a busy key costs no write per request.

export const API_KEY_NOT_FOUND_MESSAGE = 'API key not found';
const KEY_PATTERN = /^aiv_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export type ApiKeyView = {
  id: string;
  name: string;
  /** `aiv_<prefix>`: how the list shows the key. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
};

export type ApiKeyActor = Pick<PublicUser, 'id'> & SubscriptionFacts;

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether a bearer token has the form of an API key (a session token never has). */
export function looksLikeApiKey(token: string): boolean {
  return KEY_PATTERN.test(token);
}

const viewSelect = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
} as const;

function toView(row: {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}): ApiKeyView {
  const pending = pendingUse.get(row.id);
  const lastUsed =
    pending && (!row.lastUsedAt || pending > row.lastUsedAt) ? pending : row.lastUsedAt;
  return {
    id: row.id,
    name: row.name,
    prefix: `aiv_${row.prefix}`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: lastUsed?.toISOString() ?? null,
  };
}

/** What an owner at the cap is told, on the settings page and by the API. */
export function apiKeyLimitMessage(tier: Tier, limit: number): string {
  const next = TIERS.find((candidate) => API_KEYS_PER_ACCOUNT[candidate] > limit);
  const keys = limit === 1 ? 'one API key' : `up to ${limit} API keys`;
  return (
    `Your ${TIER_LABELS[tier]} plan holds ${keys}. ` +
    (next
      ? `Revoke one, or upgrade to ${TIER_LABELS[next]} for up to ${API_KEYS_PER_ACCOUNT[next]}.`
      : 'Revoke one to make another.')
  );
}

/**
 * Counting the owner's keys and inserting one must not interleave with another create of the same
 * owner (two at once could both see room for the last key): the owner's lock (withOwnerLock,
 * decision 19), so other owners never wait and contention is a 503, never a 500.
 */
function withOwnerSerialized<T>(ownerId: string, fn: (tx: TransactionClient) => Promise<T>) {
  return withOwnerLock(ownerId, 'api-key.create', fn);
}

/**
 * Makes a key for the owner and returns it in full, the only time it is ever shown. Past the
 * plan's number of keys: forbidden (403) with the limit and the plan.
 */
export async function createApiKey(
  owner: ApiKeyActor,
  input: { name: string },
  now = new Date(),
): Promise<ApiKeyView & { key: string }> {
  const tier = effectiveTier(owner, now);
  const limit = apiKeyLimit(owner, now);
  for (let attempt = 1; ; attempt += 1) {
    const prefix = randomBytes(6).toString('hex');
    const key = `aiv_${prefix}_${randomBytes(32).toString('base64url')}`;
    try {
      const row = await withOwnerSerialized(owner.id, async (tx) => {
        const held = await tx.apiKey.count({ where: { userId: owner.id } });
        if (held >= limit) {
          throw new DomainError('forbidden', apiKeyLimitMessage(tier, limit), {
            limit,
            currentTier: tier,
          });
        }
        return tx.apiKey.create({
          data: { userId: owner.id, name: input.name, prefix, hash: hashKey(key), createdAt: now },
          select: viewSelect,
        });
      });
      notifyApiKeyCreated(owner.id, { name: row.name, prefix: `aiv_${prefix}`, createdAt: now });
      return { ...toView(row), key };
    } catch (error) {
      // A prefix taken already (48 random bits: practically never): draw another.
      const taken =
        typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
      if (!taken || attempt >= 3) throw error;
    }
  }
}

/** The owner's keys, newest first (at most the top plan's number, so one page). */
export async function listApiKeys(owner: Pick<PublicUser, 'id'>): Promise<ApiKeyView[]> {
  const rows = await db.apiKey.findMany({
    where: { userId: owner.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.max(...Object.values(API_KEYS_PER_ACCOUNT)) * 2,
    select: viewSelect,
  });
  return rows.map(toView);
}

/** One of the owner's keys (for the revoke confirmation); someone else's is not found. */
export async function findApiKey(
  owner: Pick<PublicUser, 'id'>,
  id: string,
): Promise<ApiKeyView | null> {
  const row = await db.apiKey.findFirst({ where: { id, userId: owner.id }, select: viewSelect });
  return row ? toView(row) : null;
}

/** Revokes (deletes) one of the owner's keys; the next request with it is refused. */
export async function revokeApiKey(owner: Pick<PublicUser, 'id'>, id: string): Promise<ApiKeyView> {
  const row = await db.apiKey.findFirst({ where: { id, userId: owner.id }, select: viewSelect });
  if (!row) throw new DomainError('not_found', API_KEY_NOT_FOUND_MESSAGE);
  await db.apiKey.deleteMany({ where: { id, userId: owner.id } });
  pendingUse.delete(id);
  return toView(row);
}

export type VerifiedApiKey = { keyId: string; user: PublicUser };

/** Compared with when a prefix is unknown, so that answer takes as long as a wrong secret's. */
const DUMMY_HASH = hashKey('aiv_000000000000_dummy-key-compared-when-the-prefix-is-unknown');

/**
 * The owner of a live key, or null (malformed, unknown, revoked). The key is looked up by its
 * prefix and its SHA-256 compared in constant time with the stored one; an unknown prefix is
 * compared with a dummy hash, and the owner is read only once the key matched, so a known
 * prefix with a wrong secret and an unknown one do the same work (timing tells them apart no more).
 */
export async function verifyApiKey(key: string): Promise<VerifiedApiKey | null> {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const row = await db.apiKey.findUnique({
    where: { prefix: match[1] },
    select: { id: true, hash: true, userId: true },
  });
  const expected = Buffer.from(row?.hash ?? DUMMY_HASH, 'hex');
  const given = Buffer.from(hashKey(key), 'hex');
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (!row || !matches) return null;
  const user = await db.user.findUnique({ where: { id: row.userId }, select: publicUserSelect });
  return user ? { keyId: row.id, user: toPublicUser(user) } : null;
}

/**
 * The demo's key (`npm run db:seed:demo`): derived from a secret of the installation (an HMAC of
 * SESSION_SECRET), so the seed can print the same key at every run while the database still keeps
 * only its hash, and nobody who has only read the source knows it.
 */
export function demoApiKey(secret: string): string {
  const bytes = createHmac('sha256', secret).update('ai-visibility demo API key').digest();
  return `aiv_${bytes.subarray(0, 6).toString('hex')}_${bytes.toString('base64url')}`;
}

/** Stores a key made elsewhere (the demo's) for the owner, once; true when it was added now. */
export async function storeKnownApiKey(
  owner: Pick<PublicUser, 'id'>,
  name: string,
  key: string,
): Promise<boolean> {
  const match = KEY_PATTERN.exec(key);
  if (!match) throw new Error('Not an API key');
  const hash = hashKey(key);
  if (await db.apiKey.findUnique({ where: { hash }, select: { id: true } })) return false;
  await db.apiKey.create({ data: { userId: owner.id, name, prefix: match[1]!, hash } });
  return true;
}

/** How many keys each of these users has (the admin panel's page of users: one query). */
export async function apiKeyCounts(userIds: string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db.apiKey.groupBy({
    by: ['userId'],
    where: { userId: { in: userIds } },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.userId, row._count._all]));
}

// "Last used", batched ---------------------------------------------------------------------

/** Key id → the latest use not written yet. */
const pendingUse = new Map<string, Date>();
export const LAST_USED_FLUSH_MS = 60_000;
let flushTimer: ReturnType<typeof setInterval> | null = null;

/** Notes a use of the key; written with the others by the next flush (within a minute). */
export function noteApiKeyUse(keyId: string, now = new Date()): void {
  const known = pendingUse.get(keyId);
  if (!known || known < now) pendingUse.set(keyId, now);
  if (!flushTimer) {
    flushTimer = setInterval(() => {
      flushApiKeyUse().catch((error: unknown) => console.error('[api-keys] last used', error));
    }, LAST_USED_FLUSH_MS);
    // The timer alone never keeps the process alive; the server flushes once more as it stops.
    flushTimer.unref();
  }
}

/**
 * Writes the noted uses: one conditional update per key used since the last flush (never an
 * older time over a newer one; a revoked key's update finds no row). Returns how many were noted.
 */
export async function flushApiKeyUse(): Promise<number> {
  if (!pendingUse.size) return 0;
  const uses = [...pendingUse];
  pendingUse.clear();
  const results = await Promise.allSettled(
    uses.map(([id, at]) =>
      db.apiKey.updateMany({
        where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: at } }] },
        data: { lastUsedAt: at },
      }),
    ),
  );
  // A write that failed (the database away for a moment) is tried again at the next flush.
  const failed = results.flatMap((result, index) =>
    result.status === 'rejected' ? [uses[index]!] : [],
  );
  for (const [id, at] of failed) {
    const newer = pendingUse.get(id);
    if (!newer || newer < at) pendingUse.set(id, at);
  }
  if (failed.length) {
    const first = results.find((result) => result.status === 'rejected');
    throw (first as PromiseRejectedResult).reason;
  }
  return uses.length;
}

/** Stops the periodic flush and writes what is pending (the server calls it as it stops). */
export async function stopApiKeyUse(): Promise<void> {
  if (flushTimer) clearInterval(flushTimer);
  flushTimer = null;
  await flushApiKeyUse();
}
