// The Keys to Victory prompt kit (spec sections 2, 3 and 9): eight prompts a business owner pastes
// into the premium GPT (or any AI assistant) to improve how AI assistants find and recommend them.
// Placeholders in [brackets] are for the owner to fill in. Content only: the dashboard renders it,
// and only for users with premium access (the loader never sends it to anyone else).

export type PromptFrequency = 'Weekly' | 'Monthly';

export type PromptKitItem = {
  id: string;
  title: string;
  /** A decorative emoji; screen readers skip it. */
  icon: string;
  description: string;
  prompt: string;
  frequency?: PromptFrequency;
};

export const PROMPT_KIT_TITLE = 'Keys to Victory Prompt Kit';

export const PROMPT_KIT: readonly PromptKitItem[] = [
  {
    id: 'visibility-audit',
    title: 'AI Visibility Audit',
    icon: '🔍',
    description:
      'Find out whether AI assistants know your business, what they say about it and who they recommend instead.',
    frequency: 'Monthly',
    prompt: `I own [Business Name], a [type of business] in [City, State]. Act as a customer looking for a [service] in [City].
1. Which businesses would you recommend for [service] in [City], and why?
2. What do you know about [Business Name]? List every fact you have (services, location, hours, reviews, website) and say where each fact likely comes from.
3. Which facts about [Business Name] are missing, vague or possibly outdated?
4. Give me a score from 0 to 10 for how likely you are to recommend [Business Name] today, and the five changes that would raise it most, ordered by impact.`,
  },
  {
    id: 'profile-consistency',
    title: 'Business Profile Consistency Check',
    icon: '🧾',
    description:
      'AI assistants trust businesses whose name, address, phone and services match everywhere. Find the mismatches.',
    frequency: 'Monthly',
    prompt: `Here is the official information for my business:
Name: [Business Name]
Address: [Street, City, State, ZIP]
Phone: [Phone]
Website: [URL]
Hours: [Hours]
Services: [Main services]

Here is how it appears on other sites (paste the listings from Google Business Profile, Yelp, Facebook, Bing Places, Apple Maps, industry directories):
[Paste listings]

Compare every listing with the official information. Produce a table with columns Site, Field, What it says, What it should say. Then list which listings to fix first and the exact text to paste into each.`,
  },
  {
    id: 'faq-builder',
    title: 'Customer FAQ Builder',
    icon: '❓',
    description:
      'Answer the questions people actually ask AI assistants, in a format assistants can quote directly.',
    prompt: `I run [Business Name], offering [services] in [City/Service Area]. List the 15 questions customers most often ask an AI assistant before hiring a business like mine (prices, timing, emergencies, licences, guarantees, service area, payment).
For each question write a clear, factual answer of 40 to 80 words in the first person plural ("we"), naming [Business Name] and [City] naturally once. Use only these facts about us: [facts: prices or price ranges, years in business, licences, guarantees, hours]. Where a fact is missing, write [CONFIRM: ...] instead of inventing it.
Finish with the FAQPage schema.org JSON-LD for the page.`,
  },
  {
    id: 'review-responses',
    title: 'Review Response Writer',
    icon: '⭐',
    description:
      'Reply to every new review with specific, keyword-rich answers that show assistants you are active and trusted.',
    frequency: 'Weekly',
    prompt: `Write replies to these customer reviews for [Business Name], a [type of business] in [City]:
[Paste this week's reviews, one per line, with star ratings]

Rules: thank the reviewer by first name; mention the specific service they received and [City] naturally; keep each reply under 80 words; for reviews of 3 stars or fewer, apologise once, state the fix or offer to talk at [Phone or Email], and never argue. Then suggest two short messages I can send to recent happy customers asking for a review, mentioning the service they bought.`,
  },
  {
    id: 'competitor-gap',
    title: 'Competitor Recommendation Gap',
    icon: '🏁',
    description:
      'Learn why assistants recommend your competitors and what they have that you do not.',
    frequency: 'Monthly',
    prompt: `When people in [City] ask AI assistants for the best [service], these competitors are recommended: [Competitor 1], [Competitor 2], [Competitor 3]. My business is [Business Name] ([Website]).
For each competitor, list the signals that likely make assistants recommend them: reviews (count, rating, recency), directory listings, website content, awards, press, specialties, clear pricing. Then compare [Business Name] on the same signals in a table and give me a 30-day plan of concrete actions to close the largest gaps, one action per week.`,
  },
  {
    id: 'service-page',
    title: 'Service Page Optimizer',
    icon: '📄',
    description:
      'Rewrite a service page so assistants understand exactly what you do, where, and for whom.',
    prompt: `Rewrite the following service page for [Business Name] so that AI assistants and search engines can clearly understand and cite it.
Page URL: [URL]
Current text: [Paste page text]

Requirements: open with one sentence stating what we do, for whom and where ([City/Service Area]); use headings for each service; include prices or price ranges where known; add a "Why choose us" list with verifiable facts (years, licences, guarantees, reviews); add a short FAQ section; end with a clear call to action with [Phone]. Keep our tone [friendly/professional]. Then give me the LocalBusiness schema.org JSON-LD for the page.`,
  },
  {
    id: 'weekly-update',
    title: 'Weekly Business Update Post',
    icon: '📣',
    description:
      'Fresh, regular posts on your Google Business Profile and social channels signal an active, trustworthy business.',
    frequency: 'Weekly',
    prompt: `Write this week's update post for [Business Name] in [City] to publish on Google Business Profile and Facebook.
This week's news: [recent job, seasonal tip, new service, offer, team news or customer story].
Write it in 100 to 150 words, lead with a useful tip or result for local customers, mention [City] and one core service naturally, and end with a call to action ([Book online at URL / Call Phone]). Also give me a one-line version for Instagram with 3 relevant local hashtags, and suggest the photo I should attach.`,
  },
  {
    id: 'authority-content',
    title: 'Local Authority Content Plan',
    icon: '🧭',
    description:
      'Plan the expert content and local mentions that make assistants see you as the go-to business in your area.',
    frequency: 'Monthly',
    prompt: `Create next month's authority plan for [Business Name], a [type of business] serving [City/Service Area].
1. Four article ideas that answer specific local questions (e.g. costs in [City], seasonal problems, regulations), each with a title, the question it answers and a five-point outline.
2. Five local websites, associations, news outlets or podcasts likely to mention or link to us, and a short personalised pitch for each.
3. Two local partnerships or community activities that would earn genuine mentions and reviews.
Order everything by expected effect on how often AI assistants recommend us, and keep it doable in about four hours a week.`,
  },
];

export const PROMPT_KIT_TIPS: readonly string[] = [
  'Replace every [bracketed placeholder] with your real details before you send a prompt; the more specific you are, the better the answer.',
  'Run the Weekly prompts on the same day each week and the Monthly ones at the start of each month, so progress is easy to compare.',
  'Paste prompts into the premium GPT: it is tuned for AI visibility and remembers the context of your conversation.',
  'Publish what you create (answers, posts, page updates) and keep your details identical everywhere; assistants reward consistent, current information.',
  'Re-run the AI Visibility Audit after a month to see what changed, and keep a copy of each result.',
];
