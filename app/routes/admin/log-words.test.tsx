import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AccessLogView, AuditEntryView } from '~/domain/admin.server';
import { AuditTab } from './audit-tab';
import { UsageTab } from './usage-tab';

// The audit and usage logs name plans as the site does ("from Free to DIY"), never by their
// stored codes ("from free to diy", "free is below diy") (issue 44, item 10).

const page = <T,>(items: T[]) => ({ items, page: 1, limit: 50, total: items.length, pageCount: 1 });

function text(node: React.ReactElement) {
  return renderToStaticMarkup(<MemoryRouter initialEntries={['/admin']}>{node}</MemoryRouter>)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

const entry = (overrides: Partial<AuditEntryView>): AuditEntryView => ({
  id: 'a1',
  actorEmail: 'admin@example.com',
  targetUserId: 'u1',
  targetEmail: 'owner@example.com',
  action: 'user_updated',
  field: 'subscriptionStatus',
  fromValue: 'free',
  toValue: 'diy',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const log = (overrides: Partial<AccessLogView>): AccessLogView => ({
  id: 'l1',
  userId: 'u1',
  user: { id: 'u1', email: 'owner@example.com', firstName: null, lastName: null },
  businessId: null,
  business: null,
  accessType: 'premium_gpt',
  accessTime: '2026-11-20T10:00:00.000Z',
  subscriptionTier: 'free',
  wasAllowed: false,
  reason: 'Subscription upgrade required: free is below diy',
  ...overrides,
});

describe('the admin logs in words', () => {
  it('the audit log names plans and roles, not their codes', () => {
    const shown = text(
      <AuditTab
        audit={page([
          entry({}),
          entry({ id: 'a2', fromValue: 'growth', toValue: 'authority' }),
          entry({ id: 'a3', field: 'role', fromValue: 'user', toValue: 'admin' }),
        ])}
      />,
    );
    expect(shown).toContain('changed plan of owner@example.com from Free to DIY All-In');
    expect(shown).toContain('changed plan of owner@example.com from Growth to Authority');
    expect(shown).toContain('changed role of owner@example.com from User to Admin');
    expect(shown).not.toMatch(/from free|to diy/);
  });

  it('the usage log names the plan in its Tier column and says why in a sentence', () => {
    const shown = text(
      <UsageTab
        result={null}
        logs={page([
          log({}),
          log({
            id: 'l2',
            subscriptionTier: 'growth',
            wasAllowed: true,
            reason: 'Active Growth subscription',
          }),
          log({ id: 'l3', subscriptionTier: null, reason: null }),
        ])}
      />,
    );
    expect(shown).toContain(
      'Denied Subscription upgrade required: the premium GPT comes with DIY All-In and above, and this account is on Free.',
    );
    expect(shown).toContain('Growth Allowed Active Growth subscription');
    expect(shown).toContain('N/A');
    expect(shown).not.toMatch(/\bfree is below\b|> ?free ?<|\bdiy\b/);
  });
});
