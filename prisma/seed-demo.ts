// `npm run db:seed:demo` (part of `npm run demo`): a few thousand made-up customers with businesses,
// logins, premium-access checks and contact inquiries, so the admin panel of a fresh demo has
// something to page through and search. Runs once: a database that already has them is left alone.
// DEMO_CUSTOMERS sets how many (default 2,000; 0 skips).
import { db } from '~/lib/db.server';

const COUNT = Number(process.env.DEMO_CUSTOMERS ?? 2000);
const MARKER = '@demo.example.com';
const FIRST = [
  'Maria',
  'James',
  'Aisha',
  'Chen',
  'Lucas',
  'Priya',
  'Noah',
  'Sofia',
  'Omar',
  'Emma',
];
const LAST = [
  'Garcia',
  'Smith',
  'Khan',
  'Wang',
  'Silva',
  'Patel',
  'Brown',
  'Rossi',
  'Haddad',
  'Lee',
];
const TRADES = [
  ['Dental', 'Dentistry'],
  ['Plumbing', 'Plumbing'],
  ['Landscaping', 'Landscaping'],
  ['Law Office', 'Legal'],
  ['Roofing', 'Construction'],
  ['Physio', 'Healthcare'],
] as const;
const CITIES = ['Denver, CO', 'Austin, TX', 'Portland, OR', 'Raleigh, NC', 'Tampa, FL'];
const TIERS = ['free', 'free', 'free', 'diy', 'starter', 'growth', 'authority'];
const DAY = 24 * 60 * 60 * 1000;

export async function seedDemo(count = COUNT) {
  if (count <= 0) return 0;
  if (await db.user.findFirst({ where: { email: { endsWith: MARKER } }, select: { id: true } })) {
    return 0;
  }
  const now = Date.now();
  const users = Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    const tier = TIERS[i % TIERS.length]!;
    return {
      id: `demo-user-${i}`,
      email: `${first}.${last}.${i}${MARKER}`.toLowerCase(),
      firstName: first,
      lastName: last,
      subscriptionStatus: tier,
      subscriptionExpiry: tier === 'free' ? null : new Date(now + ((i % 45) - 10) * DAY),
      createdAt: new Date(now - (count - i) * 60 * 60 * 1000),
    };
  });
  const businesses = users.map((user, i) => {
    const [trade, industry] = TRADES[i % TRADES.length]!;
    return {
      userId: user.id,
      name: `${user.lastName} ${trade}`,
      description: `${trade} for families and small businesses.`,
      website: `https://${user.lastName.toLowerCase()}-${trade.toLowerCase().replace(' ', '-')}-${i}.example.com`,
      industry,
      location: CITIES[i % CITIES.length]!,
      createdAt: user.createdAt,
    };
  });
  const sessions = users.slice(-500).map((user, i) => ({
    id: `demo-session-${i}`,
    userId: user.id,
    createdAt: new Date(now - i * 3 * 60 * 60 * 1000),
    expiresAt: new Date(now + (i % 2 ? 20 : -1) * DAY),
    endedAt: i % 3 === 0 ? new Date(now - i * 60 * 60 * 1000) : null,
    ipAddress: i % 4 === 0 ? null : `198.51.100.${i % 250}`,
  }));
  const accessLogs = users.slice(-1000).map((user, i) => {
    const allowed = user.subscriptionStatus !== 'free';
    return {
      userId: user.id,
      accessType: 'premium_gpt',
      accessTime: new Date(now - i * 45 * 60 * 1000),
      subscriptionTier: user.subscriptionStatus,
      wasAllowed: allowed,
      reason: allowed ? 'Active subscription' : 'Subscription upgrade required: free is below diy',
    };
  });
  const inquiries = Array.from({ length: 40 }, (_, i) => ({
    name: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
    email: `visitor${i}@example.com`,
    company: i % 2 ? `${LAST[i % LAST.length]} & Co` : null,
    message: 'We would like to know how to get our practice recommended by ChatGPT.',
    inquiryType: ['general', 'diy', 'white-glove', 'enterprise', 'partnership'][i % 5]!,
    createdAt: new Date(now - i * 5 * 60 * 60 * 1000),
  }));
  await db.$transaction([
    db.user.createMany({ data: users }),
    db.business.createMany({ data: businesses }),
    db.session.createMany({ data: sessions }),
    db.accessLog.createMany({ data: accessLogs }),
    db.contactInquiry.createMany({ data: inquiries }),
  ]);
  return count;
}

const added = await seedDemo();
console.log(
  added
    ? `Added ${added.toLocaleString('en-US')} demo customers (e-mails end in ${MARKER}) for the admin panel.`
    : 'Demo customers already present (or DEMO_CUSTOMERS=0).',
);
await db.$disconnect();
