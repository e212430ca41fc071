// `npm run db:seed:demo` (part of `npm run demo`): a few thousand made-up customers with businesses,
// logins, premium-access checks and contact inquiries, so the admin panel of a fresh demo has
// something to page through and search. Runs once: a database that already has them is left alone.
// Each demo business also gets 3–5 tracked prompts (from the prompt suggestions) and 2–3
// competitors, added to any demo business that has neither, so an older demo database gets them
// too; the answers come from running the prompts (the Demo assistant without engine keys).
// DEMO_CUSTOMERS sets how many (default 2,000; 0 skips).
import { promptSuggestions } from '~/domain/tracking/rounds/suggestions';
import { normalizeName } from '~/domain/tracking/reading/names';
import { seedDemoHistory } from '~/domain/tracking/rounds/demo-history.server';
import { seedDemoVisits } from '~/domain/tracking/visits/demo-visits.server';
import { demoApiKey, storeKnownApiKey } from '~/domain/api-keys.server';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';

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
/** Words for the demo competitors' names ("Cedar Ridge Plumbing", "Hollis Roofing"). */
const PLACES = ['Cedar Ridge', 'Blue Heron', 'Northgate', 'Riverside', 'Oak Hollow', 'Pinecrest'];
const FOUNDERS = ['Hollis', 'Mercer', 'Vance', 'Ashford', 'Kimura', 'Ortega', 'Lindgren', 'Dube'];
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

/**
 * Gives every demo business (a user's e-mail ends in the demo marker) that has no tracked prompt
 * and no competitor 3–5 prompts and 2–3 competitors. Returns how many businesses got them; a
 * second run adds nothing.
 */
export async function seedDemoTracking() {
  let done = 0;
  let cursor: string | undefined;
  for (;;) {
    const page = await db.business.findMany({
      where: {
        user: { email: { endsWith: MARKER } },
        prompts: { none: {} },
        competitors: { none: {} },
        ...(cursor ? { id: { gt: cursor } } : {}),
      },
      select: { id: true, name: true, industry: true, location: true },
      orderBy: { id: 'asc' },
      take: 500,
    });
    if (!page.length) break;
    cursor = page.at(-1)!.id;
    const prompts = page.flatMap((business) =>
      demoPrompts(business).map((text) => ({ businessId: business.id, text })),
    );
    const competitors = page.flatMap((business) =>
      demoCompetitors(business).map((name) => ({
        businessId: business.id,
        name,
        key: normalizeName(name),
      })),
    );
    await db.$transaction([
      db.trackedPrompt.createMany({ data: prompts }),
      db.competitor.createMany({ data: competitors }),
    ]);
    done += page.length;
  }
  return done;
}

type DemoBusiness = { name: string; industry: string | null; location: string | null };

/** 3–5 of the business's prompt suggestions, spread over the list, the same on every run. */
export function demoPrompts(business: DemoBusiness): string[] {
  const suggestions = promptSuggestions(business);
  const seed = hash(`${business.name}|${business.location ?? ''}`);
  const count = 3 + (seed % 3);
  // count × step ≤ the list's length, so the picks are distinct.
  const step = Math.max(1, Math.floor(suggestions.length / count));
  return Array.from(
    { length: Math.min(count, suggestions.length) },
    (_, i) => suggestions[(seed + i * step) % suggestions.length]!,
  );
}

/** 2–3 made-up local rivals in the business's trade and town, none sharing its name. */
export function demoCompetitors(business: DemoBusiness): string[] {
  const seed = hash(business.name);
  const trade = TRADES.find(([, industry]) => industry === business.industry)?.[0];
  const word = trade ?? (business.name.split(' ').slice(1).join(' ') || 'Services');
  const city = business.location?.split(',')[0]?.trim();
  const names = [
    `${PLACES[seed % PLACES.length]} ${word}`,
    `${FOUNDERS[(seed >>> 3) % FOUNDERS.length]} ${word}`,
    city ? `${city} ${word} Group` : `${PLACES[(seed + 1) % PLACES.length]} ${word} Group`,
  ];
  const own = normalizeName(business.name);
  return names.filter((name) => normalizeName(name) !== own).slice(0, 2 + (seed % 2));
}

/**
 * Weeks of the Demo assistant's answers for a few paid demo businesses, so the admin's Tracking
 * tab and those businesses' pages have figures and a trend. Once: skipped when any exists.
 */
export async function seedDemoAnswers({ businesses = 10, weeks = 6 } = {}) {
  if (await db.trackingAnswer.findFirst({ where: { engine: 'demo' }, select: { id: true } }))
    return 0;
  const picked = await db.business.findMany({
    where: {
      user: { email: { endsWith: MARKER }, subscriptionStatus: { not: 'free' } },
      prompts: { some: {} },
    },
    orderBy: { id: 'asc' },
    take: businesses,
    select: { id: true },
  });
  let answers = 0;
  for (const { id } of picked) answers += await seedDemoHistory(id, { weeks });
  return answers;
}

/**
 * A month of simulated crawler visits and AI referrals (labelled so on the page) for the first few
 * paid demo businesses with prompts (those seedDemoAnswers gives answers, so the page's chain reads
 * crawled → cited → visits); the first has ChatGPT-User refused, so a conclusion explains a
 * refusal. A business that has them already is skipped. Returns the visits added.
 */
export async function seedDemoCrawlerVisits({ businesses = 5, now = new Date() } = {}) {
  const picked = await db.business.findMany({
    where: {
      user: { email: { endsWith: MARKER }, subscriptionStatus: { not: 'free' } },
      prompts: { some: {} },
    },
    orderBy: { id: 'asc' },
    take: businesses,
    select: { id: true, name: true, website: true },
  });
  let visits = 0;
  for (const [i, business] of picked.entries())
    visits += await seedDemoVisits(business, { now, refused: i === 0 });
  return visits;
}

/**
 * The demo's API key, for its owner: the customer of the first demo business with answers (a paid
 * plan), so an MCP client connected with it sees figures at once. The key is derived from
 * SESSION_SECRET (see demoApiKey), so every run prints the same key while only its hash is kept.
 * Null without demo customers.
 */
export async function seedDemoApiKey(secret = env.SESSION_SECRET) {
  const business = await db.business.findFirst({
    where: {
      user: { email: { endsWith: MARKER }, subscriptionStatus: { not: 'free' } },
      trackingAnswers: { some: {} },
    },
    orderBy: { id: 'asc' },
    select: { name: true, user: { select: { id: true, email: true } } },
  });
  if (!business) return null;
  const key = demoApiKey(secret);
  const existing = await db.apiKey.findFirst({
    where: { prefix: key.slice(4, 16) },
    select: { user: { select: { email: true } } },
  });
  if (existing) return { key, email: existing.user.email, business: business.name, created: false };
  const created = await storeKnownApiKey(business.user, 'Demo MCP client', key);
  return { key, email: business.user.email, business: business.name, created };
}

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619);
  return value >>> 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const added = await seedDemo();
  console.log(
    added
      ? `Added ${added.toLocaleString('en-US')} demo customers (e-mails end in ${MARKER}) for the admin panel.`
      : 'Demo customers already present (or DEMO_CUSTOMERS=0).',
  );
  const tracked = COUNT > 0 ? await seedDemoTracking() : 0;
  if (tracked)
    console.log(
      `Gave ${tracked.toLocaleString('en-US')} demo businesses tracked prompts and competitors.`,
    );
  const answers = COUNT > 0 ? await seedDemoAnswers() : 0;
  if (answers)
    console.log(
      `Asked the Demo assistant ${answers.toLocaleString('en-US')} questions for past weeks (simulated answers).`,
    );
  const crawled = COUNT > 0 ? await seedDemoCrawlerVisits() : 0;
  if (crawled)
    console.log(
      `Gave the first demo businesses a month of simulated crawler visits and AI referrals (${crawled.toLocaleString('en-US')} visits).`,
    );
  const demoKey = COUNT > 0 ? await seedDemoApiKey() : null;
  if (demoKey) {
    const site = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
    console.log(
      [
        `Demo API key (${demoKey.created ? 'created' : 'ready'}) of ${demoKey.email}, who owns ${demoKey.business}:`,
        `  ${demoKey.key}`,
        `Connect an MCP client to ${site}/mcp with it, e.g. Claude Code:`,
        `  claude mcp add --transport http ai-visibility ${site}/mcp --header "Authorization: Bearer ${demoKey.key}"`,
        `Other clients (Claude Desktop, Cursor, VS Code): ${site}/help/mcp`,
      ].join('\n'),
    );
  }
  await db.$disconnect();
}
