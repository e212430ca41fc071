import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { db } from '~/lib/db.server';
import { withOwnerLock } from '~/lib/owner-lock.server';
import type { PublicUser } from '../../accounts.server';
import { DomainError } from '../../errors';
import { ownedBusiness } from '../owned.server';

// A business's log-drain tokens (issue 48): the secret in the address a Vercel or Netlify log
// drain, or our Cloudflare Worker, posts to (`/api/ingest/{token}`). Not an API key: it only adds
// log lines to its one business. `ld_<prefix>_<secret>`: the prefix (12 hex characters) is kept
// and shown to tell tokens apart; the whole token is shown once, when it is made, and only its
// SHA-256 is kept. Revoking marks the row, so the very next batch with it is refused (404).
// The signing secret is the drain's, which the owner copies from Vercel or Netlify (or chooses
// and gives them): kept as given, because checking a signature needs the secret itself.

export const DRAINS_PER_BUSINESS = 3;
export const DRAIN_NOT_FOUND_MESSAGE = 'Log drain not found';
export const DRAIN_TOKEN_UNKNOWN_MESSAGE =
  'This log drain address is unknown or was revoked. Make a new one on the crawler visits page.';
export const DRAINS_FULL_MESSAGE = `A business holds up to ${DRAINS_PER_BUSINESS} log drain addresses. Revoke one to make another.`;

const TOKEN_PATTERN = /^ld_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export type DrainTokenView = {
  id: string;
  /** `ld_<prefix>`: how the page shows the token. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Whether batches must carry a signature made with the drain's secret. */
  signed: boolean;
  /** Vercel's verification code, answered in x-vercel-verify. */
  verifyCode: string | null;
};

type Owner = Pick<PublicUser, 'id'>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const viewSelect = {
  id: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  signingSecret: true,
  verifyCode: true,
} as const;

function toView(row: {
  id: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  signingSecret: string | null;
  verifyCode: string | null;
}): DrainTokenView {
  return {
    id: row.id,
    prefix: `ld_${row.prefix}`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    signed: row.signingSecret !== null,
    verifyCode: row.verifyCode,
  };
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Makes a drain token for the owner's business and returns it in full, the only time it is
 * shown. At most DRAINS_PER_BUSINESS live ones (409 past it); another owner's business: 404.
 */
export async function createDrainToken(
  owner: Owner,
  businessId: string,
  input: { signingSecret?: string | null; verifyCode?: string | null },
  now = new Date(),
): Promise<DrainTokenView & { token: string }> {
  await ownedBusiness(owner, businessId);
  for (let attempt = 1; ; attempt += 1) {
    const prefix = randomBytes(6).toString('hex');
    const token = `ld_${prefix}_${randomBytes(32).toString('base64url')}`;
    try {
      const row = await withOwnerLock(owner.id, 'log-drain.create', async (tx) => {
        const live = await tx.logDrainToken.count({ where: { businessId, revokedAt: null } });
        if (live >= DRAINS_PER_BUSINESS)
          throw new DomainError('conflict', DRAINS_FULL_MESSAGE, { limit: DRAINS_PER_BUSINESS });
        return tx.logDrainToken.create({
          data: {
            businessId,
            prefix,
            hash: hashToken(token),
            signingSecret: blankToNull(input.signingSecret),
            verifyCode: blankToNull(input.verifyCode),
            createdAt: now,
          },
          select: viewSelect,
        });
      });
      return { ...toView(row), token };
    } catch (error) {
      // A prefix taken already (48 random bits: practically never): draw another.
      const taken =
        typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
      if (!taken || attempt >= 3) throw error;
    }
  }
}

/** The business's live drain tokens, oldest first (at most DRAINS_PER_BUSINESS: one page). */
export async function listDrainTokens(owner: Owner, businessId: string) {
  await ownedBusiness(owner, businessId);
  const rows = await db.logDrainToken.findMany({
    where: { businessId, revokedAt: null },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: DRAINS_PER_BUSINESS,
    select: viewSelect,
  });
  return rows.map(toView);
}

async function liveDrainOf(owner: Owner, businessId: string, tokenId: string) {
  await ownedBusiness(owner, businessId);
  const row = await db.logDrainToken.findFirst({
    where: { id: tokenId, businessId, revokedAt: null },
    select: viewSelect,
  });
  if (!row) throw new DomainError('not_found', DRAIN_NOT_FOUND_MESSAGE);
  return row;
}

/** Revokes one of the business's tokens: the next batch sent with it is refused. */
export async function revokeDrainToken(
  owner: Owner,
  businessId: string,
  tokenId: string,
  now = new Date(),
): Promise<DrainTokenView> {
  const row = await liveDrainOf(owner, businessId, tokenId);
  await db.logDrainToken.updateMany({
    where: { id: row.id, businessId, revokedAt: null },
    data: { revokedAt: now },
  });
  return toView(row);
}

/** Sets (or, with an empty value, removes) the signing secret batches must be signed with. */
export async function setDrainSigningSecret(
  owner: Owner,
  businessId: string,
  tokenId: string,
  signingSecret: string | null,
): Promise<DrainTokenView> {
  const row = await liveDrainOf(owner, businessId, tokenId);
  const updated = await db.logDrainToken.update({
    where: { id: row.id },
    data: { signingSecret: blankToNull(signingSecret) },
    select: viewSelect,
  });
  return toView(updated);
}

export type LiveDrain = {
  id: string;
  businessId: string;
  signingSecret: string | null;
  verifyCode: string | null;
  owner: { id: string; subscriptionStatus: string; subscriptionExpiry: string | null };
};

/** Compared with when a prefix is unknown, so that answer takes as long as a wrong secret's. */
const DUMMY_HASH = hashToken('ld_000000000000_dummy-token-compared-when-the-prefix-is-unknown');

/** Whether a path segment has the form of a drain token (anything else is not looked up). */
export const looksLikeDrainToken = (token: string) => TOKEN_PATTERN.test(token);

/**
 * The live drain a token opens, with its business's owner, or null (malformed, unknown, revoked).
 * Found by its prefix, its SHA-256 compared in constant time, as API keys are.
 */
export async function findLiveDrain(token: string): Promise<LiveDrain | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const row = await db.logDrainToken.findUnique({
    where: { prefix: match[1] },
    select: {
      id: true,
      hash: true,
      businessId: true,
      signingSecret: true,
      verifyCode: true,
      revokedAt: true,
      business: {
        select: {
          user: { select: { id: true, subscriptionStatus: true, subscriptionExpiry: true } },
        },
      },
    },
  });
  const expected = Buffer.from(row?.hash ?? DUMMY_HASH, 'hex');
  const given = Buffer.from(hashToken(token), 'hex');
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (!row || !matches || row.revokedAt) return null;
  const user = row.business.user;
  return {
    id: row.id,
    businessId: row.businessId,
    signingSecret: row.signingSecret,
    verifyCode: row.verifyCode,
    owner: {
      id: user.id,
      subscriptionStatus: user.subscriptionStatus,
      subscriptionExpiry: user.subscriptionExpiry?.toISOString() ?? null,
    },
  };
}
