// The Demo assistant's words (demo-model.ts): the trades it knows, the places and the local
// businesses it invents, what a question is after, and the sentences its answers are made of.
// The same business always gets the same invented competitors, so they recur across answers the
// way real recommendations do.

import type { DemoContext } from './demo-model';

export type Trade = {
  /** Word for invented names: "Plumbing" → "Lone Star Plumbing Co.". */
  label: string;
  /** What the customer is looking for, plural: "plumbers". */
  topic: string;
  /** Path word for directory addresses: "plumbing". */
  slug: string;
};

export const TRADES: [RegExp, Trade][] = [
  [/plumb|drain|sewer|water heater/, { label: 'Plumbing', topic: 'plumbers', slug: 'plumbing' }],
  [
    /hvac|heating|air condition|furnace|\bac\b/,
    { label: 'Heating & Air', topic: 'HVAC companies', slug: 'hvac' },
  ],
  [/electric/, { label: 'Electric', topic: 'electricians', slug: 'electricians' }],
  [/roof/, { label: 'Roofing', topic: 'roofing companies', slug: 'roofing' }],
  [/paint/, { label: 'Painting', topic: 'painters', slug: 'painters' }],
  [
    /landscap|lawn|garden|yard|tree/,
    { label: 'Landscaping', topic: 'landscaping companies', slug: 'landscaping' },
  ],
  [/clean|maid|housekeep/, { label: 'Cleaning', topic: 'cleaning services', slug: 'cleaning' }],
  [
    /pest|extermin|termite/,
    { label: 'Pest Control', topic: 'pest control companies', slug: 'pest-control' },
  ],
  [
    /auto|mechanic|\bcar\b|brake/,
    { label: 'Auto Care', topic: 'auto repair shops', slug: 'auto-repair' },
  ],
  [/dent|orthodont|teeth/, { label: 'Dental', topic: 'dentists', slug: 'dentists' }],
  [/chiropract/, { label: 'Chiropractic', topic: 'chiropractors', slug: 'chiropractors' }],
  [
    /physio|physical therap|rehab/,
    { label: 'Physical Therapy', topic: 'physical therapy clinics', slug: 'physical-therapy' },
  ],
  [/\blaw\b|lawyer|legal|attorney/, { label: 'Law Group', topic: 'law firms', slug: 'lawyers' }],
  [
    /account|bookkeep|\bcpa\b|\btax/,
    { label: 'Accounting', topic: 'accountants', slug: 'accountants' },
  ],
  [
    /real ?estate|realt/,
    { label: 'Realty', topic: 'real estate agents', slug: 'real-estate-agents' },
  ],
  [/groom/, { label: 'Pet Grooming', topic: 'dog groomers', slug: 'pet-groomers' }],
  [
    /\bvets?\b|veterinar|animal/,
    { label: 'Animal Hospital', topic: 'vets', slug: 'veterinarians' },
  ],
  [/hair|salon|barber/, { label: 'Salon', topic: 'hair salons', slug: 'hair-salons' }],
  [/spa\b|massage/, { label: 'Day Spa', topic: 'spas', slug: 'day-spas' }],
  [
    /fitness|gym|trainer|training/,
    { label: 'Fitness', topic: 'personal trainers', slug: 'trainers' },
  ],
  [/photo/, { label: 'Photography', topic: 'photographers', slug: 'photographers' }],
  [/wedding|event/, { label: 'Events', topic: 'wedding planners', slug: 'wedding-planners' }],
  [/mov(?:ing|ers?)\b/, { label: 'Moving', topic: 'moving companies', slug: 'movers' }],
  [/locksmith|lock/, { label: 'Lock & Key', topic: 'locksmiths', slug: 'locksmiths' }],
  [
    /contract|remodel|renovat|construction|builder|handyman/,
    { label: 'Builders', topic: 'contractors', slug: 'contractors' },
  ],
  [/bake|cake|pastr/, { label: 'Bakery', topic: 'bakeries', slug: 'bakeries' }],
  [/cafe|café|coffee/, { label: 'Coffee', topic: 'cafés', slug: 'coffee' }],
  [
    /restaurant|food|dining|pizz|grill|bistro/,
    { label: 'Kitchen', topic: 'restaurants', slug: 'restaurants' },
  ],
  [
    /marketing|seo|advertis|agency/,
    { label: 'Marketing', topic: 'marketing agencies', slug: 'marketing' },
  ],
  [
    /\bit\b|computer|tech|network/,
    { label: 'IT Solutions', topic: 'IT support companies', slug: 'it-services' },
  ],
  [/tutor|lesson|test prep/, { label: 'Learning', topic: 'tutors', slug: 'tutoring' }],
  [
    /daycare|day care|child ?care|preschool/,
    { label: 'Kids Academy', topic: 'daycares', slug: 'child-care' },
  ],
];

export function tradeOf(industry: string | null, prompt: string): Trade {
  const text = (industry ?? '').toLowerCase().trim();
  for (const source of [text, prompt.toLowerCase()]) {
    const found = TRADES.find(([test]) => test.test(source));
    if (found) return found[1];
  }
  if (!text) return { label: 'Services', topic: 'local businesses', slug: 'local-services' };
  const words = text
    .replace(/[^\p{L}\p{N}\s&'-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3);
  return {
    label: words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' '),
    topic: /[^s]s$/.test(words.at(-1)!) ? words.join(' ') : `${words.join(' ')} providers`,
    slug: slugify(words.join(' ')),
  };
}

export type Place = {
  full: string | null;
  city: string | null;
  region: string | null;
};

export function placeOf(location: string | null): Place {
  const full = location?.replace(/\s+/g, ' ').trim() || null;
  if (!full) return { full: null, city: null, region: null };
  const [city, region] = full.split(',').map((part) => part.trim());
  return { full, city: city || full, region: region || null };
}

/** A regional word for invented names ("Lone Star Plumbing Co."), by state. */
const REGIONS: Record<string, string> = {
  TX: 'Lone Star',
  CO: 'Rocky Mountain',
  OR: 'Cascade',
  WA: 'Evergreen',
  NC: 'Tar Heel',
  FL: 'Sunshine',
  CA: 'Golden State',
  AZ: 'Desert Sun',
  GA: 'Peach State',
  NY: 'Empire',
  IL: 'Prairie',
  MI: 'Great Lakes',
  MN: 'North Star',
  TN: 'Volunteer',
  UT: 'Beehive',
  NV: 'Silver State',
};
const SURNAMES = [
  'Hendricks',
  'Alvarez',
  'Whitaker',
  'Nguyen',
  'Callahan',
  'Okafor',
  'Brennan',
  'Delgado',
  'Thornton',
  'Kowalski',
  'Moreno',
  'Sutton',
];
const LANDMARKS = [
  'Cedar Ridge',
  'Blue Heron',
  'Red Oak',
  'Stonebridge',
  'Willow Creek',
  'Ironwood',
  'Harbor Point',
  'Silver Pine',
  'Copper Canyon',
  'Maple Hollow',
];

/**
 * The invented local businesses the answers draw on. The same business always gets the same ones
 * (seeded from its name and place), so they recur across answers the way real recommendations do.
 */
export function inventedNames(context: DemoContext, trade: Trade, place: Place): string[] {
  const random = seededRandom(`${context.business.name}|${place.full ?? ''}|${trade.label}`);
  const region = place.region ? REGIONS[place.region.toUpperCase()] : undefined;
  const surnames = shuffle(SURNAMES, random);
  const landmarks = shuffle(LANDMARKS, random);
  const candidates = [
    `${region ?? landmarks[0]} ${trade.label}${trade.label.includes(' ') ? '' : ' Co.'}`,
    `${surnames[0]} & Sons ${trade.label}`,
    place.city && place.city.length <= 20 ? `${place.city} Family ${trade.label}` : null,
    `${landmarks[1]} ${trade.label}`,
    `${surnames[1]} ${trade.label}`,
    `${landmarks[2]} ${trade.label}${/\bGroup$/.test(trade.label) ? '' : ' Group'}`,
    `${surnames[2]} Brothers ${trade.label}`,
  ];
  const taken = [context.business.name, ...context.competitors].map(simplify).filter(Boolean);
  return candidates.filter(
    (name): name is string =>
      !!name &&
      !taken.some((other) => simplify(name).includes(other) || other.includes(simplify(name))),
  );
}

// ---------------------------------------------------------------------------------------------
// Composing an answer.

export type Intent = { urgent: boolean; price: boolean; choose: boolean };

export function intentOf(prompt: string): Intent {
  const p = prompt.toLowerCase();
  return {
    urgent:
      /emergenc|urgent|asap|today|tonight|\bnow\b|24\/7|24-hour|burst|leak|locked out|open on|open late|weekend|sunday|saturday|same-day|fast/.test(
        p,
      ),
    price: /afford|cheap|cost|price|budget|how much|value|fair/.test(p),
    choose: /how do i (?:choose|find)|what should i (?:look for|ask)|avoid|tips|trust/.test(p),
  };
}

export const BLURBS = [
  'Consistently strong reviews for punctual, friendly service.',
  'Family-owned, with many repeat customers and clear written quotes.',
  'Often praised for taking the time to explain the options.',
  'A long-established local name with a solid reputation.',
  'Reviewers mention fair pricing and no surprise fees.',
  'Known for quick replies and easy scheduling.',
  'Highly rated on Google and Yelp, with detailed, recent reviews.',
  'A smaller team, but reviewers say the attention to detail shows.',
  'Good communication from the first call to the final invoice, according to reviews.',
  'Frequently recommended in local community groups.',
];
/** What a simulated answer says of the owner's business, by the label its sentence gets. */
export const OWN_BLURBS = {
  positive: [
    'Consistently strong reviews for punctual, friendly service.',
    'Highly rated on Google, with many repeat customers.',
    'Often praised for clear written quotes and tidy work.',
  ],
  neutral: [
    'Covers the city and nearby towns, with weekday appointments.',
    'Lists its services and opening hours on its website.',
    'Takes bookings by phone or through an online form.',
  ],
  negative: [
    'Mixed reviews lately, with some complaints about slow replies.',
    'Pricier than most, and a few reviewers mention long waits for a visit.',
    'Some reviewers say it can be slow to return calls.',
  ],
} as const;
export const URGENT_BLURBS = [
  'Offers same-day appointments and, according to reviews, answers the phone after hours.',
  'Reviewers mention fast response times for urgent requests.',
  'Open on weekends, which helps when something cannot wait.',
];
export const PRICE_BLURBS = [
  'Frequently described as good value, with upfront pricing.',
  'Offers free estimates, and reviewers say the final bill matched the quote.',
  'A budget-friendly option that still gets strong reviews.',
];
export const TIPS = [
  '**Check licensing and insurance.** Ask for proof before any work starts.',
  '**Read recent reviews.** Look at the last few months, not just the star rating.',
  '**Get two or three written quotes.** It shows what a fair price looks like.',
  '**Ask about guarantees.** Good businesses stand behind their work.',
  '**Notice how they communicate.** A clear, prompt reply is a good sign.',
];
export const CAVEATS = [
  'Check recent reviews and confirm licensing and insurance before you hire.',
  'Availability and prices change, so call ahead and ask for a written quote.',
  'Ratings shift over time; it is worth reading the most recent reviews before you book.',
  'Check recent reviews on Google or Yelp to see how each one handles jobs like yours.',
];
export const CLOSERS = [
  'Would you like me to narrow this down by neighborhood or budget?',
  'If you tell me more about what you need, I can suggest which of these fits best.',
  'Want a short list of questions to ask before you book?',
];

// Small helpers, shared with the model.

export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * A small deterministic random generator (mulberry32) seeded from a string, for repeatable demo
 * answers and tests: `createDemoModel(context, seededRandom('demo'))`.
 */
export function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function simplify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
