// The suggested questions of health, law, money, home buying and pets (dentist, chiropractor,
// physical therapist, the lawyers by kind, accountant, real estate agent, dog groomer,
// veterinarian): the second part of suggestions.ts's table, split from it with the entries
// unchanged and in their order. Pure.
import { noun, type Trade, type Where } from './suggestion-nouns';

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

export const CARE_TRADES: Trade[] = [
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
];
