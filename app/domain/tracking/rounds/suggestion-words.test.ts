import { describe, expect, it } from 'vitest';
import { dialectOf, inDialect } from './suggestion-words';
import { promptSuggestions } from './suggestions';

const INDUSTRIES = [
  'Plumbing',
  'HVAC',
  'Electrician',
  'Cleaning',
  'Solicitors',
  'Family law',
  'Criminal defence solicitors',
  'Estate agents',
  'Removals',
  'Physiotherapy',
  'Car repair garage',
  'Hair salon',
  'Personal training',
  'Accountants',
  'Coffee shop',
  'Nursery',
  'Kitchen renovation',
  'Pest control',
];

const AMERICAN =
  /\b(?:attorneys?|lawyers?|realtors?|real estate agents?|movers|apartment|color|specializ\w*|specialty|cozy|HVAC|furnace|daycare|CPA|LLC|DUI|defense|yard|backyard|maid|exterminator|clogged|auto (?:repair )?shops?|physical therap\w*|open on weekends|remodel\w*)\b/i;

describe('the wording of the suggested questions', () => {
  it('reads where the customers are', () => {
    expect(dialectOf({ location: 'Leeds, UK' })).toBe('british-terms');
    expect(dialectOf({ location: 'Cardiff, Wales' })).toBe('british-terms');
    expect(dialectOf({ location: 'Leeds LS1 4AP' })).toBe('british-terms');
    expect(dialectOf({ location: 'Leeds', website: 'https://brightpipes.co.uk/' })).toBe(
      'british-terms',
    );
    expect(dialectOf({ location: 'Dublin, Ireland' })).toBe('british-terms');
    expect(dialectOf({ location: 'Sydney, Australia' })).toBe('british-spelling');
    expect(dialectOf({ location: 'Austin, TX' })).toBe('us');
    expect(dialectOf({ location: 'Austin, TX', website: 'https://x.co.uk' })).toBe('us');
    expect(dialectOf({ location: null })).toBe('us');
  });

  it('asks a UK business’s customers’ questions in British terms and spelling', () => {
    for (const industry of INDUSTRIES) {
      const list = promptSuggestions({ industry, location: 'Leeds, UK' });
      expect(list.length, industry).toBeGreaterThanOrEqual(8);
      for (const question of list) {
        expect(question, `${industry}: ${question}`).not.toMatch(AMERICAN);
        expect(question, `${industry}: ${question}`).not.toMatch(/\ban [bcdfgjklmnpqrstvwz]/i);
        expect(question, `${industry}: ${question}`).not.toMatch(/\ba (?!one|uni|use)[aeio]/i);
      }
    }
    const salon = promptSuggestions({ industry: 'Hair salon', location: 'Leeds, UK' });
    expect(salon).toContain('Which salon in Leeds is best for hair colour?');
    const trainer = promptSuggestions({ industry: 'Personal training', location: 'Leeds, UK' });
    expect(trainer).toContain('Is there a trainer in Leeds who specialises in weight loss?');
    const law = promptSuggestions({
      industry: 'Criminal defence solicitors',
      location: 'Leeds, UK',
    });
    expect(law).toContain('criminal defence solicitor near Leeds available 24/7');
    const garage = promptSuggestions({ industry: 'Car repair garage', location: 'Leeds, UK' });
    expect(garage).toContain('Can you recommend a garage in Leeds?');
  });

  it('keeps American wording in the US, and only the spelling changes in Australia', () => {
    const us = promptSuggestions({ industry: 'Hair salon', location: 'Austin, TX' });
    expect(us).toContain('Which salon in Austin is best for hair color?');
    const au = promptSuggestions({ industry: 'Solicitors', location: 'Sydney, Australia' });
    expect(au.some((q) => /lawyer/.test(q))).toBe(true);
    expect(inDialect('cozy café near me', 'british-spelling')).toBe('cosy café near me');
    expect(inDialect('An auto repair shop near me', 'british-terms')).toBe('A garage near me');
  });
});
