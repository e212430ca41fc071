import { describe, expect, it, vi } from 'vitest';

// The Demo assistant's answers are the figures read (as in `npm run demo`).
vi.hoisted(() => {
  process.env.DEMO_TRACKING = 'true';
});

import { seedDemoHistory } from '~/domain/tracking/rounds/demo-history.server';
import { SIMULATED_LISTING_REASON } from '~/domain/tracking/sources/listing-view';
import { db } from '~/lib/db.server';
import * as sourcesApi from '~/routes/api.businesses.$id.sources';
import { callRoute, createUser, sessionCookieFor } from './helpers';
import { connected } from './mcp-helpers';

// The sources report of the Demo assistant's answers: its pages are made up, so their listings
// are simulated and labelled, never fetched; the MCP tool get_source_gaps answers exactly what
// the JSON API does, and refuses another owner's business.

type Body = {
  sources: {
    domain: string;
    kind: string;
    listing: { status: string; checkedAt: unknown; reason: string | null };
  }[];
  actions: { text: string; answers: number; of: number }[];
  simulated: boolean;
};

describe('the sources of the Demo assistant’s answers', () => {
  it('are simulated and labelled, and get_source_gaps answers as the API does', async () => {
    const owner = await createUser();
    await db.user.update({ where: { id: owner.id }, data: { subscriptionStatus: 'growth' } });
    const { token } = await sessionCookieFor(owner.id);
    const business = await db.business.create({
      data: {
        userId: owner.id,
        name: 'Garcia Plumbing',
        website: 'https://garcia-plumbing.example.com',
        industry: 'Plumbing',
        location: 'Austin, TX',
      },
    });
    await db.trackedPrompt.create({
      data: { businessId: business.id, text: 'best plumber in Austin' },
    });
    expect(await seedDemoHistory(business.id, { weeks: 3 })).toBeGreaterThan(0);

    const api = await callRoute(
      sourcesApi,
      'loader',
      `/api/businesses/${business.id}/sources?days=30`,
      { id: business.id },
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(api.status).toBe(200);
    const body = api.data as Body;
    expect(body.simulated).toBe(true);
    expect(body.sources.length).toBeGreaterThan(0);
    const thirdParty = body.sources.filter((s) => !['yours', 'competitor'].includes(s.kind));
    expect(thirdParty.length).toBeGreaterThan(0);
    for (const source of thirdParty) {
      expect(['listed', 'not_listed']).toContain(source.listing.status);
      expect(source.listing.reason).toBe(SIMULATED_LISTING_REASON);
      expect(source.listing.checkedAt).toBeNull();
    }
    expect(await db.sourceListing.count({ where: { businessId: business.id } })).toBe(0);
    for (const action of body.actions) expect(action.answers).toBeLessThanOrEqual(action.of);

    const client = await connected(owner.id);
    const tool = await client.callTool({
      name: 'get_source_gaps',
      arguments: { businessId: business.id, days: 30 },
    });
    const { content, isError } = tool as { content: { text: string }[]; isError?: boolean };
    expect(isError).toBeFalsy();
    expect(JSON.parse(content[0]!.text)).toEqual(body);

    const stranger = await createUser();
    const refused = (await (
      await connected(stranger.id)
    ).callTool({
      name: 'get_source_gaps',
      arguments: { businessId: business.id },
    })) as { content: { text: string }[]; isError?: boolean };
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toBe('Business not found');
  }, 60_000);
});
