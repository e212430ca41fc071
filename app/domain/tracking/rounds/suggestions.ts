// Prompt suggestions: questions a customer would type to an AI assistant when looking for a
// business like the owner's, offered when the owner picks the prompts to track. Pure and
// deterministic: the same industry and location always give the same list, in the same order.
//
// The industry is the owner's free text, matched leniently against common local service trades
// (case, plurals and synonyms: "Plumbing", "HVAC contractor", "dental clinic"); any other text
// gets a generic set phrased with the owner's own words. The location's city ("Austin") goes into
// the conversational questions and the whole location ("Austin, TX") into the search-style ones;
// without a location the questions say "near me". The business's name never appears: a customer
// asking does not know it.

import { dialectOf, inDialect } from './suggestion-words';

export type SuggestionBusiness = {
  industry: string | null;
  location: string | null;
  /** A .uk or .ie site tells the customers' wording when the location does not (dialectOf). */
  website?: string | null;
};

/** Each suggestion is at most this long (a tracked prompt's limit is larger). */
export const SUGGESTION_MAX_LENGTH = 200;
const MAX_SUGGESTIONS = 12;
/** Longer industry or location texts are cut at a word so the questions stay readable. */
const PART_MAX_LENGTH = 60;

/** Where the customer is looking, phrased for the different kinds of question. */
type Where = {
  /** "in Austin, TX" / "near me": search-style queries. */
  full: string;
  /** "in Austin" / "near me": conversational questions. */
  city: string;
  /** "near Austin" / "near me". */
  near: string;
  /** "in the Austin area" / "in my area". */
  area: string;
};

/** What the customer is looking for: "a plumber", "plumbers". */
type Noun = { one: string; many: string; a: string };

type Trade = {
  test: RegExp;
  noun: Noun | ((industry: string) => Noun);
  questions: (w: Where, n: Noun) => string[];
};

function noun(one: string, many = pluralize(one)): Noun {
  return { one, many, a: `${article(one)} ${one}` };
}

function pluralNoun(many: string): Noun {
  return { one: many, many, a: many };
}

const LAW_KINDS: [RegExp, string, (w: Where) => string[]][] = [
  [
    /\b(?:personal injury|injury|accident|car crash)\b/,
    'personal injury lawyer',
    (w) => [
      `I was hurt in a car accident ${w.city}. Which lawyer should I call?`,
      `personal injury attorney ${w.near} who works on contingency`,
    ],
  ],
  [
    /\b(?:family|divorce|custody)\b/,
    'family lawyer',
    (w) => [
      `divorce lawyer ${w.full} experienced with child custody`,
      `How much does a divorce lawyer cost ${w.city}?`,
    ],
  ],
  [
    /\b(?:criminal|defen[cs]e|dui|dwi)\b/,
    'criminal defense lawyer',
    (w) => [
      `criminal defense attorney ${w.near} available 24/7`,
      `Who is the best DUI lawyer ${w.city}?`,
    ],
  ],
  [
    /\b(?:estate|wills?|trusts?|probate|elder)\b/,
    'estate planning lawyer',
    (w) => [
      `Who can help me write a will and set up a trust ${w.city}?`,
      `probate lawyer ${w.full} with good reviews`,
    ],
  ],
  [
    /\b(?:immigration|visa|green card)\b/,
    'immigration lawyer',
    (w) => [
      `immigration lawyer ${w.full} who speaks Spanish`,
      `Who can help with a green card application ${w.city}?`,
    ],
  ],
  [
    /\b(?:employment|labor|labour|workplace)\b/,
    'employment lawyer',
    (w) => [
      `I think I was wrongfully fired. Is there a good employment lawyer ${w.city}?`,
      `employment attorney ${w.near} free consultation`,
    ],
  ],
  [
    /\b(?:bankruptcy|debt)\b/,
    'bankruptcy lawyer',
    (w) => [
      `affordable bankruptcy attorney ${w.full}`,
      `Should I hire a lawyer to file for bankruptcy ${w.city}?`,
    ],
  ],
  [
    /\b(?:business|corporate|startup|commercial|contract)\b/,
    'business lawyer',
    (w) => [
      `lawyer to help me set up an LLC ${w.city}`,
      `Who can review a commercial lease for my small business ${w.city}?`,
    ],
  ],
  [
    /\breal estate\b/,
    'real estate lawyer',
    (w) => [
      `real estate attorney ${w.full} for a home closing`,
      `Do I need a lawyer to buy a house ${w.city}?`,
    ],
  ],
];

const TRADES: Trade[] = [
  {
    test: /\b(?:plumb\w*|drain\w*|sewer|water heaters?|pipes?)\b/,
    noun: noun('plumber'),
    questions: (w) => [
      `best plumber ${w.full}`,
      `Who should I call for a burst pipe ${w.city}?`,
      `emergency plumber ${w.near} open on Sunday`,
      `affordable plumber ${w.city} with good reviews`,
      `Which plumbers ${w.city} do water heater replacement?`,
      `clogged drain ${w.near}, who can come today?`,
      `licensed plumber ${w.full} for a bathroom remodel`,
      `How do I find a trustworthy plumber ${w.city}?`,
    ],
  },
  {
    test: /\b(?:hvac|heating|air conditioning|ac repair|a c repair|furnace|heat pumps?|cooling)\b/,
    noun: noun('HVAC company', 'HVAC companies'),
    questions: (w) => [
      `best HVAC company ${w.full}`,
      `My AC stopped working. Who can fix it fast ${w.city}?`,
      `emergency AC repair ${w.near} open on weekends`,
      `furnace repair ${w.full} with good reviews`,
      `How much does a new heat pump cost ${w.city}, and who installs them?`,
      `affordable HVAC maintenance plans ${w.city}`,
      `Who should I call to service my furnace before winter ${w.city}?`,
      `top-rated heating and air conditioning contractors ${w.full}`,
    ],
  },

  {
    test: /\b(?:electric\w*|wiring|ev chargers?|panel upgrades?)\b/,
    noun: noun('electrician'),
    questions: (w) => [
      `best electrician ${w.full}`,
      `licensed electrician ${w.near} for a panel upgrade`,
      `Who can install an EV charger in my garage ${w.city}?`,
      `emergency electrician ${w.city} available tonight`,
      `My breaker keeps tripping. Who should I call ${w.city}?`,
      `affordable electrician ${w.full} with good reviews`,
      `electrician ${w.near} to install recessed lighting`,
      `How much does an electrician charge per hour ${w.city}?`,
    ],
  },
  {
    test: /\b(?:roof\w*|gutters?|shingles?)\b/,
    noun: noun('roofer'),
    questions: (w) => [
      `best roofing company ${w.full}`,
      `Who can fix a roof leak quickly ${w.city}?`,
      `roofer ${w.near} for storm damage and insurance claims`,
      `How much does a roof replacement cost ${w.city}?`,
      `trusted roofing contractor ${w.city} with good reviews`,
      `metal roof installers ${w.full}`,
      `free roof inspection ${w.near}`,
      `How do I avoid roofing scams after a storm ${w.city}?`,
    ],
  },
  {
    test: /\b(?:paint\w*|drywall|decorators?|stain\w*)\b/,
    noun: noun('painter'),
    questions: (w) => [
      `best house painter ${w.full}`,
      `interior painters ${w.city} with good reviews`,
      `How much does it cost to paint a house ${w.city}?`,
      `exterior painting contractor ${w.near}`,
      `cabinet painting ${w.city}`,
      `affordable painters ${w.full}`,
      `Who can paint my office over a weekend ${w.city}?`,
      `deck staining service ${w.near}`,
    ],
  },
  {
    test: /\b(?:lawn\w*|landscap\w*|gardens?|gardening|gardeners?|yard|tree (?:care|service|trimming)|arborists?|mowing|irrigation)\b/,
    noun: noun('landscaper'),
    questions: (w) => [
      `best landscaping company ${w.full}`,
      `affordable lawn care service ${w.city}`,
      `Who can redesign my backyard ${w.city}?`,
      `weekly lawn mowing service ${w.near}`,
      `landscaper ${w.full} for drought-tolerant plants`,
      `tree trimming service ${w.city} with good reviews`,
      `How much does landscaping cost ${w.city}?`,
      `sprinkler and irrigation repair ${w.near}`,
    ],
  },
  {
    test: /\b(?:clean\w*|maids?|housekeep\w*|janitorial)\b/,
    noun: noun('house cleaning service'),
    questions: (w) => [
      `best house cleaning service ${w.full}`,
      `reliable maid service ${w.city} with good reviews`,
      `deep cleaning service ${w.near} for a move-out`,
      `How much does a house cleaner cost ${w.city}?`,
      `eco-friendly cleaning company ${w.full}`,
      `Who offers weekly home cleaning ${w.city}?`,
      `Can you recommend a trustworthy cleaning lady ${w.city}?`,
      `office cleaning services ${w.full}`,
    ],
  },
  {
    test: /\b(?:pests?|extermin\w*|termites?|rodents?|bed ?bugs?|mosquito\w*)\b/,
    noun: noun('pest control company', 'pest control companies'),
    questions: (w) => [
      `best pest control company ${w.full}`,
      `I found termites in my house. Who should I call ${w.city}?`,
      `exterminator ${w.near} for mice`,
      `pet-safe pest control ${w.city}`,
      `bed bug treatment ${w.full} with good reviews`,
      `How much does pest control cost per month ${w.city}?`,
      `same-day exterminator ${w.near}`,
      `mosquito treatment for my yard ${w.city}`,
    ],
  },
  {
    test: /\b(?:auto\w*|car|cars|mechanics?|garage|brakes?|transmission|oil change|body shop|tires?|vehicles?)\b/,
    noun: noun('auto repair shop'),
    questions: (w) => [
      `best auto repair shop ${w.full}`,
      `honest mechanic ${w.city}`,
      `My check engine light is on. Where should I take my car ${w.city}?`,
      `brake repair ${w.near} with fair prices`,
      `mechanic ${w.full} that works on Hondas and Toyotas`,
      `Which auto shops ${w.city} have the best reviews?`,
      `How do I find a mechanic I can trust ${w.city}?`,
      `cheap oil change and inspection ${w.near}`,
    ],
  },
  {
    test: /\b(?:dent\w*|orthodont\w*|teeth|tooth|invisalign|oral)\b/,
    noun: noun('dentist'),
    questions: (w) => [
      `best dentist ${w.full}`,
      `dentist ${w.near} accepting new patients`,
      `emergency dentist ${w.city} open on Saturday`,
      `family dentist ${w.city} that is good with kids`,
      `affordable dentist ${w.full} without insurance`,
      `Who does Invisalign ${w.city}?`,
      `I'm scared of the dentist. Is there a gentle dentist ${w.city}?`,
      `cosmetic dentist ${w.full} for veneers`,
    ],
  },
  {
    test: /\b(?:chiropract\w*|chiro|spinal)\b/,
    noun: noun('chiropractor'),
    questions: (w) => [
      `best chiropractor ${w.full}`,
      `chiropractor ${w.near} for lower back pain`,
      `Is there a chiropractor ${w.city} who takes walk-ins?`,
      `chiropractor ${w.city} that takes insurance`,
      `sports chiropractor ${w.full}`,
      `Can a chiropractor help with neck pain from sitting at a desk ${w.city}?`,
      `affordable chiropractic care ${w.city}`,
      `prenatal chiropractor ${w.near}`,
    ],
  },
  {
    test: /\b(?:physio\w*|physical therap\w*|sports rehab\w*|rehabilitation|pt clinic)\b/,
    noun: noun('physical therapist'),
    questions: (w) => [
      `best physical therapist ${w.full}`,
      `physical therapy ${w.near} for knee pain`,
      `Where can I get physiotherapy after ACL surgery ${w.city}?`,
      `sports physical therapy ${w.city}`,
      `physical therapist ${w.full} that accepts my insurance`,
      `Do I need a referral to see a physical therapist ${w.city}?`,
      `physio for back pain ${w.near} with good reviews`,
      `Which physical therapy clinics ${w.city} have evening appointments?`,
    ],
  },
  {
    test: /\b(?:law|laws|lawyers?|legal|attorneys?|solicitors?|litigat\w*|paralegal)\b/,
    noun: (industry) => noun(LAW_KINDS.find(([test]) => test.test(industry))?.[1] ?? 'lawyer'),
    questions: (w, n) => [
      `best ${n.one} ${w.full}`,
      `How do I find a good ${n.one} ${w.city}?`,
      `${n.one} ${w.near} with a free consultation`,
      `top-rated ${n.many} ${w.full}`,
      `affordable ${n.one} ${w.city}`,
      ...(LAW_KINDS.find(([, one]) => one === n.one)?.[2](w) ?? [
        `Do I need a lawyer for small claims court ${w.city}?`,
        `lawyer ${w.city} who explains fees upfront`,
      ]),
      `What should I ask ${n.a} before hiring them ${w.city}?`,
    ],
  },
  {
    test: /\b(?:account\w*|bookkeep\w*|cpas?|tax|taxes|tax prep\w*|payroll|auditors?)\b/,
    noun: noun('accountant'),
    questions: (w) => [
      `best accountant ${w.full} for small businesses`,
      `CPA ${w.near} to do my taxes`,
      `affordable bookkeeper ${w.city}`,
      `Who can help me with back taxes ${w.city}?`,
      `accountant ${w.full} for self-employed people`,
      `How much does a CPA charge for a tax return ${w.city}?`,
      `bookkeeping services ${w.city} that use QuickBooks`,
      `tax preparer ${w.near} with good reviews`,
    ],
  },
  {
    test: /\b(?:real ?estate|realt\w*|homes? for sale|brokerage|property agents?|estate agents?)\b/,
    noun: noun('real estate agent'),
    questions: (w) => [
      `best real estate agent ${w.full}`,
      `realtor ${w.city} for first-time home buyers`,
      `Who should I hire to sell my house ${w.city}?`,
      `top listing agents ${w.full}`,
      `real estate agent ${w.near} who knows the local schools`,
      `How do I choose a realtor ${w.city}?`,
      `What commission do real estate agents charge ${w.city}?`,
      `buyer's agent ${w.city} with good reviews`,
    ],
  },
  {
    test: /\b(?:(?:dog|pet|cat) groom\w*|groomers?|dog wash\w*|pet spa)\b/,
    noun: noun('dog groomer'),
    questions: (w) => [
      `best dog groomer ${w.full}`,
      `mobile dog grooming ${w.near}`,
      `dog groomer ${w.city} that is good with anxious dogs`,
      `affordable pet grooming ${w.city}`,
      `Where can I get my poodle groomed ${w.city}?`,
      `cat groomer ${w.full}`,
      `dog grooming ${w.near} open on weekends`,
      `How often should I take my dog to a groomer, and who is good ${w.city}?`,
    ],
  },
  {
    test: /\b(?:vets?|veterinar\w*|animal (?:hospital|clinic)s?|pet clinics?)\b/,
    noun: noun('veterinarian'),
    questions: (w) => [
      `best vet ${w.full}`,
      `emergency vet ${w.near} open now`,
      `affordable veterinarian ${w.city} for vaccines`,
      `Which vets ${w.city} are good with cats?`,
      `vet ${w.full} accepting new patients`,
      `My dog ate something bad. Where is the nearest animal hospital ${w.city}?`,
      `exotic pet vet ${w.near}`,
      `How do I choose a good veterinarian ${w.city}?`,
    ],
  },
  {
    test: /\b(?:hair\w*|hair salons?|barbers?|barbershops?|stylists?|beauty salons?|colou?rists?|blowouts?)\b/,
    noun: noun('hair salon'),
    questions: (w) => [
      `best hair salon ${w.full}`,
      `good barber ${w.near}`,
      `Where can I get a great balayage ${w.city}?`,
      `hair stylist ${w.city} for curly hair`,
      `affordable haircut ${w.full} with good reviews`,
      `barbershop ${w.city} that takes walk-ins`,
      `Which salon ${w.city} is best for hair color?`,
      `kids haircut ${w.near}`,
    ],
  },
  {
    test: /\b(?:spas?|massage\w*|day spa|facials?|wellness|esthetic\w*|aesthetic\w*)\b/,
    noun: noun('spa'),
    questions: (w) => [
      `best day spa ${w.full}`,
      `deep tissue massage ${w.near}`,
      `Where can I get a couples massage ${w.city}?`,
      `relaxing spa ${w.city} for a birthday gift`,
      `massage therapist ${w.full} for back pain`,
      `affordable facials ${w.city}`,
      `spa ${w.near} open on Sunday`,
      `Which spas ${w.city} have the best reviews?`,
    ],
  },
  {
    test: /\b(?:personal train\w*|fitness|gyms?|crossfit|boot ?camps?|strength|workouts?)\b/,
    noun: noun('personal trainer'),
    questions: (w) => [
      `best personal trainer ${w.full}`,
      `gym ${w.near} with personal training`,
      `Who can help me get back in shape after an injury ${w.city}?`,
      `personal trainer ${w.city} for beginners`,
      `affordable gym ${w.full} with good classes`,
      `Is there a trainer ${w.city} who specializes in weight loss?`,
      `strength training coach ${w.near}`,
      `How much does a personal trainer cost ${w.city}?`,
    ],
  },
  {
    test: /\b(?:photo\w*|headshots?|portraits?)\b/,
    noun: noun('photographer'),
    questions: (w) => [
      `best photographer ${w.full}`,
      `wedding photographer ${w.city}`,
      `family photographer ${w.near} for outdoor photos`,
      `professional headshots ${w.full}`,
      `affordable newborn photographer ${w.city}`,
      `How much does a photographer cost ${w.city}?`,
      `Who takes good product photos for small businesses ${w.city}?`,
      `event photographer ${w.near} with good reviews`,
    ],
  },
  {
    test: /\b(?:wedding\w*|event plann\w*|events?|bridal|party plann\w*)\b/,
    noun: noun('wedding planner'),
    questions: (w) => [
      `best wedding planner ${w.full}`,
      `Do I need a wedding planner ${w.city}, and who is good?`,
      `day-of wedding coordinator ${w.city}`,
      `affordable wedding planner ${w.near}`,
      `destination wedding planner ${w.full}`,
      `Who can plan a small wedding ${w.city}?`,
      `event planner ${w.city} for a corporate party`,
      `How much does a wedding planner cost ${w.city}?`,
    ],
  },
  {
    test: /\b(?:mov(?:ing|ers?)|relocation|removals?|removalists?)\b/,
    noun: noun('moving company', 'moving companies'),
    questions: (w) => [
      `best moving company ${w.full}`,
      `reliable movers ${w.city} with good reviews`,
      `How much do movers cost ${w.city}?`,
      `local movers ${w.near} available this weekend`,
      `long-distance moving company ${w.full}`,
      `piano movers ${w.city}`,
      `Which moving companies ${w.city} are licensed and insured?`,
      `cheap movers ${w.near} for a one-bedroom apartment`,
    ],
  },
  {
    test: /\b(?:locks|locksmiths?|lockouts?)\b/,
    noun: noun('locksmith'),
    questions: (w) => [
      `locksmith ${w.near} open now`,
      `I'm locked out of my house. Who can help ${w.city}?`,
      `best locksmith ${w.full}`,
      `car key replacement ${w.city}`,
      `rekey locks after moving ${w.city}`,
      `24-hour locksmith ${w.full}`,
      `How do I avoid locksmith scams ${w.city}?`,
      `smart lock installation ${w.near}`,
    ],
  },

  {
    test: /\b(?:contract\w*|remodel\w*|renovat\w*|construction|builders?|handym[ae]n|kitchens?|bathrooms?|carpent\w*|home improvement)\b/,
    noun: noun('contractor'),
    questions: (w) => [
      `best general contractor ${w.full}`,
      `kitchen remodeling company ${w.city}`,
      `How do I find a reliable contractor ${w.city}?`,
      `bathroom remodel contractor ${w.near} with good reviews`,
      `How much does a kitchen remodel cost ${w.city}?`,
      `handyman ${w.city} for small repairs`,
      `licensed home builder ${w.full}`,
      `Who can build a home addition ${w.city}?`,
    ],
  },
  {
    test: /\b(?:bakery|bakeries|bakers?|bake ?shop|cakes?|pastr\w*|cupcakes?|patisserie)\b/,
    noun: noun('bakery', 'bakeries'),
    questions: (w) => [
      `best bakery ${w.full}`,
      `Where can I order a custom birthday cake ${w.city}?`,
      `fresh sourdough bread ${w.near}`,
      `gluten-free bakery ${w.city}`,
      `wedding cake bakery ${w.full}`,
      `best croissants ${w.city}`,
      `bakery ${w.near} open early in the morning`,
      `Which bakeries ${w.city} do catering for office events?`,
    ],
  },
  {
    test: /\b(?:cafes?|coffee\w*|espresso|tea ?rooms?|tea ?houses?)\b/,
    noun: noun('café'),
    questions: (w) => [
      `best coffee shop ${w.full}`,
      `quiet café ${w.city} to work from with good wifi`,
      `Where can I get a great latte ${w.city}?`,
      `cozy café ${w.near} for brunch`,
      `coffee shop ${w.full} open late`,
      `specialty coffee roasters ${w.city}`,
      `dog-friendly café ${w.near}`,
      `Which cafés ${w.city} have good vegan pastries?`,
    ],
  },
  {
    test: /\b(?:restaurants?|diners?|bistros?|eatery|eateries|pizz\w*|grill|kitchen and bar|bars?|pubs?|taquerias?|sushi|bbq|barbecue|steakhouses?|cater\w*|food|dining)\b/,
    noun: noun('restaurant'),
    questions: (w) => [
      `best restaurants ${w.full}`,
      `Where should I go for a nice dinner ${w.city}?`,
      `family-friendly restaurant ${w.near}`,
      `romantic restaurant ${w.city} for an anniversary`,
      `restaurant ${w.full} with outdoor seating`,
      `good places to eat ${w.near} open late`,
      `Which restaurants ${w.city} have good vegetarian options?`,
      `restaurant ${w.city} that can host a group of 15`,
    ],
  },
  {
    test: /\b(?:marketing|advertising|seo|digital agency|social media|branding|ppc|web design\w*|web develop\w*|websites?)\b/,
    noun: noun('marketing agency', 'marketing agencies'),
    questions: (w) => [
      `best marketing agency ${w.full} for small businesses`,
      `SEO company ${w.city} with good results`,
      `Who can run Google Ads for my business ${w.city}?`,
      `social media marketing agency ${w.near}`,
      `web design company ${w.full}`,
      `How much does a marketing agency cost ${w.city}?`,
      `affordable digital marketing for local businesses ${w.city}`,
      `How do I choose a marketing agency ${w.city}?`,
    ],
  },
  {
    test: /\b(?:it (?:support|services?|consult\w*|company|solutions)|tech support|computers?|managed (?:it|services)|msp|networking|cyber\w*|help ?desk)\b/,
    noun: noun('IT support company', 'IT support companies'),
    questions: (w) => [
      `best IT support company ${w.full} for small businesses`,
      `managed IT services ${w.city}`,
      `computer repair ${w.near}`,
      `Who can set up a secure office network ${w.city}?`,
      `IT support ${w.full} for a dental or medical office`,
      `cybersecurity company ${w.city} for small businesses`,
      `How much do managed IT services cost ${w.city}?`,
      `same-day laptop repair ${w.near}`,
    ],
  },
  {
    test: /\b(?:tutor\w*|test prep|sat prep|act prep|learning cent(?:er|re)s?|homework help)\b/,
    noun: noun('tutor'),
    questions: (w) => [
      `best tutoring service ${w.full}`,
      `math tutor ${w.near} for high school`,
      `SAT prep ${w.city}`,
      `reading tutor ${w.city} for a child with dyslexia`,
      `affordable tutor ${w.full} with good reviews`,
      `Where can my kid get help with chemistry ${w.city}?`,
      `in-home tutoring ${w.city}`,
      `How much does a private tutor cost ${w.city}?`,
    ],
  },
  {
    test: /\b(?:daycares?|day care|child ?care|childcare|preschools?|nurser(?:y|ies)|kindergartens?|montessori|after ?school)\b/,
    noun: noun('daycare'),
    questions: (w) => [
      `best daycare ${w.full}`,
      `infant daycare ${w.near} with openings`,
      `Montessori preschool ${w.city}`,
      `affordable childcare ${w.city}`,
      `daycare ${w.full} with good reviews from parents`,
      `How do I choose a daycare ${w.city}?`,
      `after-school program ${w.near}`,
      `Which daycares ${w.city} are open late for working parents?`,
    ],
  },
];

/** Questions that fit any business, phrased with what the customer is looking for. */
function generic(w: Where, n: Noun): string[] {
  const plural = n.one === n.many;
  return [
    `best ${n.one} ${w.full}`,
    `${n.one} ${w.near} with good reviews`,
    `How do I choose ${n.a} ${w.city}?`,
    `top-rated ${n.many} ${w.full}`,
    `affordable ${n.one} ${w.city}`,
    `Can you recommend ${n.a} ${w.city}?`,
    `What should I look for in ${n.a} ${w.city}?`,
    plural
      ? `Which ${n.many} ${w.city} do locals recommend?`
      : `Which ${n.one} ${w.city} do locals recommend?`,
    `${n.one} ${w.full} open on weekends`,
  ];
}

const LOCAL_BUSINESS: (w: Where) => string[] = (w) => [
  `best local businesses ${w.full}`,
  `top-rated local services ${w.full}`,
  `Which local businesses ${w.city} have the best reviews?`,
  `trusted local service providers ${w.near}`,
  `Can you recommend a reliable local business ${w.city}?`,
  `How do I find a trustworthy local service ${w.city}?`,
  `small local businesses ${w.city} that people recommend`,
  `What are the most popular local businesses ${w.area}?`,
  `local businesses ${w.near} open on weekends`,
  `affordable local services ${w.city} with good reviews`,
];

export function promptSuggestions(business: SuggestionBusiness): string[] {
  const where = whereOf(business.location);
  const industry = clip(clean(business.industry ?? ''));
  let questions: string[];
  if (!industry) {
    questions = LOCAL_BUSINESS(where);
  } else {
    const key = keyOf(industry);
    const trade = TRADES.find((candidate) => candidate.test.test(key));
    if (trade) {
      const n = typeof trade.noun === 'function' ? trade.noun(key) : trade.noun;
      const own = trade.questions(where, n);
      // The generic questions fill in, unless the trade's own set already asks one that opens
      // the same way ("affordable plumber in Austin with good reviews").
      const openings = new Set(own.map(opening));
      questions = [...own, ...generic(where, n).filter((q) => !openings.has(opening(q)))];
    } else {
      questions = generic(where, ownersNoun(industry));
    }
  }
  // In the customers' own wording: British terms and spelling for a business in the UK.
  const dialect = dialectOf(business);
  const seen = new Set<string>();
  const result: string[] = [];
  for (const question of questions) {
    const text = limit(clean(inDialect(question, dialect)));
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    result.push(text);
  }
  return result.slice(0, MAX_SUGGESTIONS);
}

/** A question's first three words, for telling near-repeats apart. */
function opening(question: string): string {
  return question.toLowerCase().split(' ').slice(0, 3).join(' ');
}

function whereOf(location: string | null): Where {
  const full = clip(clean(location ?? '').replace(/^[,\s]+|[,\s]+$/g, ''));
  if (!full) return { full: 'near me', city: 'near me', near: 'near me', area: 'in my area' };
  const city = full.split(',')[0]!.trim() || full;
  return {
    full: `in ${full}`,
    city: `in ${city}`,
    near: `near ${city}`,
    area: `in the ${city} area`,
  };
}

/** The industry text for matching: lower case, without accents, punctuation as spaces. */
function keyOf(industry: string): string {
  return industry
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The owner's words as what a customer looks for: "Underwater basket weaving lessons" stays
 * plural, "Yoga studio" takes an article, and a field ("Consulting", "Healthcare") becomes
 * "consulting services".
 */
function ownersNoun(industry: string): Noun {
  const words = industry
    .split(' ')
    // "Underwater" → "underwater"; "SEO", "iPhone" and other inner capitals stay as written.
    .map((word) => (/^\p{Lu}[\p{Ll}'’-]*$/u.test(word) ? word.toLowerCase() : word));
  const phrase = words.join(' ');
  const last = words.at(-1)!.toLowerCase();
  if (/[^s'’]s$/.test(last) && !/(?:us|is|ics|ss)$/.test(last)) return pluralNoun(phrase);
  const agent = /(?:er|or|ist|ian|ant|ent|ar|ect|smith|wright)$/.test(last);
  const place =
    /^(?:studio|shop|store|salon|clinic|school|agency|firm|center|centre|practice|company|gallery|bar|club|parlor|parlour|boutique|office|service|provider|consultant|academy|kennel|farm|market|lab|workshop|hotel|inn|wash)$/.test(
      last,
    );
  if (agent || place) return noun(phrase);
  if (words.length === 1 || /(?:ing|care|ry|ics|ance|ence|ion|al|ment|ism|ty)$/.test(last))
    return pluralNoun(`${phrase} services`);
  return noun(phrase);
}

function article(phrase: string): 'a' | 'an' {
  const word = phrase.split(' ')[0] ?? '';
  // An acronym is read letter by letter: "an HVAC company", "an SEO agency", "a CPA".
  if (/^[A-Z]{2,}$/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  const lower = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(lower)) return 'an';
  if (/^(?:uni|use|usu|uti|ure|euro|eu|one|once|ubi)/.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

function pluralize(one: string): string {
  if (/(?:s|x|z|ch|sh)$/.test(one)) return `${one}es`;
  if (/[^aeiou]y$/.test(one)) return `${one.slice(0, -1)}ies`;
  return `${one}s`;
}

function clean(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.?!])/g, '$1')
    .trim();
}

/** A part (industry or location) cut at a word so it stays readable inside a question. */
function clip(text: string): string {
  if (text.length <= PART_MAX_LENGTH) return text;
  const cut = text.slice(0, PART_MAX_LENGTH + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, PART_MAX_LENGTH)).replace(/[,\s]+$/, '');
}

/** A whole question within the cap (already true unless the parts were long). */
function limit(text: string): string {
  if (text.length <= SUGGESTION_MAX_LENGTH) return text;
  const cut = text.slice(0, SUGGESTION_MAX_LENGTH);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut).replace(/[,\s]+$/, '');
}
