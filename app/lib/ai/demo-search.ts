// The Demo assistant's simulated web search: the searches it "runs" for a question, the pages
// those return, and which of them the answer cites, the way the real engines behave: a few
// searches rewritten from the question and the place, more pages returned than cited (about half
// are never cited), the owner's site found in many answers but cited in fewer. Everything here is
// invented for the demo (directory and business addresses included); the pages that show it say
// the answers are simulated.

export type DemoPage = { url: string; title: string };

export type DemoSearch = {
  /** The searches, in order. */
  queries: string[];
  /** Every page the searches returned, in the order returned. */
  results: DemoPage[];
  /** The pages the answer cites (all among the results). */
  cited: DemoPage[];
};

export type DemoSearchInput = {
  /** What the customer is looking for, plural: "plumbers". */
  topic: string;
  /** "Austin, TX", "Austin", or null. */
  place: string | null;
  city: string | null;
  intent: { urgent: boolean; price: boolean; choose: boolean };
  /** Directory pages for the topic and place. */
  directories: DemoPage[];
  /** The sites of the other businesses in the answer. */
  sites: DemoPage[];
  /** The owner's site, when it has one. */
  own: DemoPage | null;
  /** The answer names the owner's business. */
  mentioned: boolean;
  /** The answer's text links the owner's site (so the answer cites it). */
  linksOwn: boolean;
};

export function simulateSearch(input: DemoSearchInput, random: () => number): DemoSearch {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  const { topic, place, city, intent } = input;
  const where = place ?? 'near me';
  const town = city ?? 'near me';

  const queries = [
    pick([`best ${topic} ${where}`, `top rated ${topic} ${where}`, `${topic} ${where}`]),
  ];
  if (intent.urgent) queries.push(`emergency ${topic} ${town} open now`);
  if (intent.price) queries.push(`affordable ${topic} ${town} prices`);
  if (intent.choose) queries.push(`how to choose ${topic}`);
  if (queries.length < 3 && random() < 0.5) queries.push(`${topic} ${town} reviews`);

  // The owner's site comes up in many searches, and is cited in fewer of them.
  const ownFound = !!input.own && (input.linksOwn || random() < (input.mentioned ? 0.8 : 0.35));
  const ownCited = ownFound && (input.linksOwn || random() < (input.mentioned ? 0.6 : 0.25));

  const others = shuffle([...input.directories, ...input.sites]);
  const results = others.slice(0, Math.min(others.length, 4 + Math.floor(random() * 5)));
  if (ownFound && input.own)
    results.splice(Math.floor(random() * (results.length + 1)), 0, input.own);

  const citable = results.filter((page) => page !== input.own);
  const cited = shuffle(citable).slice(0, Math.min(citable.length, 2 + Math.floor(random() * 3)));
  if (ownCited && input.own) cited.splice(Math.floor(random() * (cited.length + 1)), 0, input.own);
  return { queries, results, cited };
}
