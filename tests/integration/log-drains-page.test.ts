import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DRAINS_PER_BUSINESS } from '~/domain/tracking/visits/drains.server';
import { db } from '~/lib/db.server';
import * as page from '~/routes/dashboard_.businesses.$id.crawlers/route';
import { args, BASE, run, toastOf } from './helpers';
import { makeDrain, owner, pathOf, post, submit } from './drain-helpers';

// Log drains on the crawler visits page (issue 48): a plain form makes a drain address (the token
// and the Cloudflare Worker script shown once, only a hash kept), sets its signing secret, and
// revokes it; at most a few per business; another owner's business is a 404.

describe('making a drain address on the crawler visits page', () => {
  it('shows the token once, with the Worker script, and keeps only its hash', async () => {
    const { business, cookie } = await owner();
    const drain = await makeDrain(business.id, cookie);
    expect(drain.url).toMatch(/^http:\/\/localhost\/api\/ingest\/ld_[0-9a-f]{12}_[\w-]{43}$/);
    expect(drain.workerScript).toContain(JSON.stringify(drain.url));
    expect(drain.prefix).toBe(drain.token.slice(0, 15));

    const row = await db.logDrainToken.findFirstOrThrow({ where: { businessId: business.id } });
    expect(row.hash).toBe(createHash('sha256').update(drain.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(drain.token.slice(16));

    // The page lists it by its prefix afterwards, never with the token.
    const loaded = await run(() =>
      page.loader(
        args(new Request(`${BASE}${pathOf(business.id)}`, { headers: { Cookie: cookie } }), {
          id: business.id,
        }) as never,
      ),
    );
    const { drains } = loaded.data as {
      drains: { items: { prefix: string; signed: boolean }[]; limit: number };
    };
    expect(drains.items).toMatchObject([{ prefix: drain.prefix, signed: false }]);
    expect(JSON.stringify(loaded.data)).not.toContain(drain.token.slice(16));
  });

  it('keeps the page from reloading itself on the answer that shows a new address', () => {
    const meta = (search: string) =>
      (
        page.meta as unknown as (args: {
          data: unknown;
          location: { search: string };
        }) => Record<string, string>[]
      )({ data: { business: { name: 'Lone Star' }, working: true }, location: { search } });
    // While an upload is read the page refreshes itself; the create form posts to ?made, whose
    // answer holds the address shown once, so it does not.
    expect(meta('')).toContainEqual({ httpEquiv: 'refresh', content: '5' });
    expect(meta('?made')).not.toContainEqual({ httpEquiv: 'refresh', content: '5' });
  });

  it(`holds ${DRAINS_PER_BUSINESS} live addresses a business; revoking one frees a place`, async () => {
    const { business, cookie } = await owner();
    const made = [];
    for (let i = 0; i < DRAINS_PER_BUSINESS; i += 1)
      made.push(await makeDrain(business.id, cookie));
    const refused = await submit(business.id, cookie, { intent: 'drain-create' });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain('Revoke one to make another');

    const row = await db.logDrainToken.findFirstOrThrow({
      where: { businessId: business.id, prefix: made[0]!.prefix.slice(3) },
    });
    const revoked = await submit(business.id, cookie, { intent: 'drain-revoke', tokenId: row.id });
    expect(revoked.status).toBe(302);
    expect(await toastOf(revoked.headers)).toMatchObject({ title: 'Log drain revoked' });
    // The revoked token is refused at once; the others still work.
    expect((await post(made[0]!.token, '')).status).toBe(404);
    expect((await post(made[1]!.token, '')).status).toBe(200);
    await makeDrain(business.id, cookie);
  });

  it("is a 404 on another owner's business; another business's drain is not revoked", async () => {
    const { business, cookie } = await owner();
    const stranger = await owner();
    const theirs = await makeDrain(stranger.business.id, stranger.cookie);
    const made = await submit(stranger.business.id, cookie, { intent: 'drain-create' });
    expect(made.status).toBe(404);
    const row = await db.logDrainToken.findFirstOrThrow({
      where: { businessId: stranger.business.id },
    });
    const revoked = await submit(business.id, cookie, { intent: 'drain-revoke', tokenId: row.id });
    expect(revoked.status).toBe(404);
    expect(JSON.stringify(revoked.data)).toContain('Log drain not found');
    const secret = await submit(business.id, cookie, {
      intent: 'drain-secret',
      tokenId: row.id,
      signingSecret: 'mine-now',
    });
    expect(secret.status).toBe(404);
    expect(await db.logDrainToken.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      revokedAt: null,
      signingSecret: null,
    });
    expect((await post(theirs.token, '')).status).toBe(200);
  });

  it('refuses a signing secret with spaces or past its length as a field error', async () => {
    const { business, cookie } = await owner();
    const res = await submit(business.id, cookie, {
      intent: 'drain-create',
      signingSecret: 'two words',
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).toContain('A signing secret has no spaces');
    const long = await submit(business.id, cookie, {
      intent: 'drain-create',
      signingSecret: 'x'.repeat(201),
    });
    expect(long.status).toBe(400);
    expect(await db.logDrainToken.count({ where: { businessId: business.id } })).toBe(0);
  });
});
