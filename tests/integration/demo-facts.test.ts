import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { verdictOf } from '~/domain/tracking/facts/verdicts';
import { countryOf } from '~/domain/tracking/reading/fact-phone';
import { readFacts, versionsOf } from '~/domain/tracking/reading/facts';
import { readAnswer } from '~/domain/tracking/reading/reader';
import { createDemoModel, seededRandom, type DemoContext } from '~/lib/ai/demo-model';

// Issue 45 item 7: the Demo assistant states the business's phone, address and hours too, mostly
// right and sometimes an old number or wrong hours, read by the same reader as real answers.

const CONTEXT: DemoContext = {
  business: {
    name: 'Okafor Plumbing',
    website: 'https://okaforplumbing.example.com',
    location: 'Austin, TX',
    industry: 'Plumbing',
    phone: '+15125550142',
    address: '1420 E 6th St, Austin, TX 78702',
    openingHours: 'Mo-Fr 08:00-17:00, Sa 09:00-12:00',
  },
  competitors: ['Radiant Plumbing', 'Reliant Plumbing'],
};

describe('the Demo assistant’s facts', () => {
  it('gives the business’s phone, address or hours in answers naming it, mostly right', async () => {
    const model = createDemoModel(CONTEXT, seededRandom('demo-facts'));
    const owner = {
      phone: CONTEXT.business.phone!,
      address: CONTEXT.business.address!,
      openingHours: CONTEXT.business.openingHours!,
      website: CONTEXT.business.website,
    };
    const verdicts: Record<string, number> = {};
    const kinds = new Set<string>();
    for (let i = 0; i < 120; i += 1) {
      const { text } = await generateText({ model, prompt: 'best emergency plumber in Austin' });
      const reading = readAnswer({
        text,
        business: CONTEXT.business,
        competitors: CONTEXT.competitors,
      });
      const facts = versionsOf(
        readFacts({
          text,
          matches: reading.matches,
          otherNames: reading.competitors.map((each) => each.name),
          country: countryOf(CONTEXT.business.location),
        }),
      );
      if (!reading.mentioned) expect(facts).toEqual([]);
      for (const fact of facts) {
        kinds.add(fact.kind);
        const verdict = verdictOf(fact, owner) ?? 'none';
        verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
      }
    }
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['address', 'hours', 'phone']));
    expect(verdicts.right ?? 0).toBeGreaterThan(verdicts.wrong ?? 0);
    expect(verdicts.wrong ?? 0).toBeGreaterThan(0);
  });
});
