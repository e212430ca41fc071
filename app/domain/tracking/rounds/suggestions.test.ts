import { describe, expect, it } from 'vitest';
import { promptSuggestions, SUGGESTION_MAX_LENGTH } from './suggestions';

/** What every list must be, whatever the input: enough, distinct, clean, short. */
function expectWellFormed(list: string[]) {
  expect(list.length).toBeGreaterThanOrEqual(8);
  expect(new Set(list.map((q) => q.toLowerCase())).size).toBe(list.length);
  for (const question of list) {
    expect(question.length).toBeGreaterThan(0);
    expect(question.length).toBeLessThanOrEqual(SUGGESTION_MAX_LENGTH);
    expect(question).toBe(question.trim());
    expect(question).not.toMatch(
      / {2}|\bundefined\b|\bnull\b|\bNaN\b| [,.?]|\ba (?!one|uni|use)[aeiou]/i,
    );
    expect(question).not.toMatch(/\ban [bcdfgjkmpqstvwz]/i);
  }
}

describe('promptSuggestions', () => {
  it('asks what a customer looking for a plumber in Austin would ask', () => {
    const list = promptSuggestions({ industry: 'Plumber', location: 'Austin, TX' });
    expectWellFormed(list);
    expect(list).toContain('best plumber in Austin, TX');
    expect(list).toContain('Who should I call for a burst pipe in Austin?');
    expect(list).toContain('emergency plumber near Austin open on Sunday');
    expect(list).toContain('affordable plumber in Austin with good reviews');
    // The full location in search-style queries, the city alone in conversational ones.
    expect(list.some((q) => q.includes('Austin, TX'))).toBe(true);
    expect(list.filter((q) => q.endsWith('?')).every((q) => !q.includes('Austin, TX'))).toBe(true);
  });

  it.each([
    ['plumbing', 'plumber'],
    ['PLUMBERS', 'plumber'],
    ['Plumbing & Drain Services', 'plumber'],
    ['HVAC contractor', 'HVAC'],
    ['Heating and Air Conditioning', 'HVAC'],
    ['Electrical contractor', 'electrician'],
    ['Roofing', 'roof'],
    ['Lawn care', 'lawn'],
    ['Landscaping', 'landscaping'],
    ['House cleaning', 'cleaning'],
    ['Pest Control', 'pest control'],
    ['Auto repair', 'mechanic'],
    ['dental clinic', 'dentist'],
    ['Dentistry', 'dentist'],
    ['Chiropractic', 'chiropractor'],
    ['Physiotherapy', 'physical therap'],
    ['Legal', 'lawyer'],
    ['Family law attorney', 'divorce lawyer'],
    ['Personal Injury Law Firm', 'personal injury lawyer'],
    ['Bookkeeping', 'bookkeeper'],
    ['CPA firm', 'accountant'],
    ['Realtor', 'real estate agent'],
    ['Hair Salon', 'salon'],
    ['Barbershop', 'barber'],
    ['Day spa & massage', 'massage'],
    ['Veterinary clinic', 'vet'],
    ['Dog grooming', 'dog groom'],
    ['Fitness / personal training', 'personal trainer'],
    ['Wedding photography', 'photographer'],
    ['Wedding planner', 'wedding planner'],
    ['Movers', 'movers'],
    ['Locksmith', 'locked out'],
    ['Painting', 'painter'],
    ['Kitchen remodeling', 'contractor'],
    ['Construction', 'contractor'],
    ['Bakery', 'cake'],
    ['Café', 'café'],
    ['Italian restaurant', 'restaurant'],
    ['Digital marketing agency', 'marketing agency'],
    ['IT support', 'IT'],
    ['Math tutoring', 'tutor'],
    ['Daycare', 'daycare'],
  ])('reads the industry "%s" as its trade', (industry, word) => {
    const list = promptSuggestions({ industry, location: 'Denver, CO' });
    expectWellFormed(list);
    expect(list.join('\n').toLowerCase()).toContain(word.toLowerCase());
  });

  it('uses the article a word takes', () => {
    expect(promptSuggestions({ industry: 'HVAC', location: null })).toContain(
      'How do I choose an HVAC company near me?',
    );
    expect(promptSuggestions({ industry: 'Architect', location: 'Tampa, FL' })).toContain(
      'How do I choose an architect in Tampa?',
    );
    expect(promptSuggestions({ industry: 'Florist', location: 'Tampa, FL' })).toContain(
      'How do I choose a florist in Tampa?',
    );
  });

  it('phrases any other industry with the owner’s own words', () => {
    const list = promptSuggestions({
      industry: 'Underwater basket weaving lessons',
      location: 'Austin, TX',
    });
    expectWellFormed(list);
    expect(list).toContain('best underwater basket weaving lessons in Austin, TX');
    expect(list).toContain('underwater basket weaving lessons near Austin with good reviews');
    // A plural takes no article.
    expect(list).toContain('How do I choose underwater basket weaving lessons in Austin?');

    const studio = promptSuggestions({ industry: 'Yoga studio', location: 'Boise, ID' });
    expectWellFormed(studio);
    expect(studio).toContain('best yoga studio in Boise, ID');
    expect(studio).toContain('Can you recommend a yoga studio in Boise?');

    // A field becomes the services of that field; an acronym keeps its capitals.
    expect(promptSuggestions({ industry: 'Consulting', location: null })).toContain(
      'best consulting services near me',
    );
    expect(promptSuggestions({ industry: 'ERP integrator', location: null })).toContain(
      'Can you recommend an ERP integrator near me?',
    );
  });

  it.each([null, '', '   '])(
    'falls back to local businesses without an industry (%j)',
    (industry) => {
      const list = promptSuggestions({ industry, location: 'Raleigh, NC' });
      expectWellFormed(list);
      expect(list.every((q) => /local (?:business|service)/.test(q))).toBe(true);
      expect(list.some((q) => q.includes('in Raleigh, NC'))).toBe(true);
    },
  );

  it('says "near me" without a location', () => {
    for (const location of [null, '', ' , ']) {
      const list = promptSuggestions({ industry: 'Electrician', location });
      expectWellFormed(list);
      expect(list).toContain('best electrician near me');
      expect(list.every((q) => /near me|in my area/.test(q))).toBe(true);
      expect(list.join(' ')).not.toMatch(/\bin ,|\bin\s*$|\bnear\s*[?,]/);
    }
  });

  it('uses a location that is only a city as it is', () => {
    const list = promptSuggestions({ industry: 'Roofing contractor', location: 'Tampa' });
    expectWellFormed(list);
    expect(list).toContain('best roofing company in Tampa');
    expect(list).toContain('Who can fix a roof leak quickly in Tampa?');
    expect(list.join(' ')).not.toContain(',,');
  });

  it('keeps every question short when the owner typed a lot', () => {
    const industry = 'Handcrafted artisanal sustainable '.repeat(20);
    const location = 'Somewhere Very Long Named, In A County With A Long Name, '.repeat(6);
    for (const list of [
      promptSuggestions({ industry, location }),
      promptSuggestions({ industry: 'Plumbing', location }),
    ]) {
      expectWellFormed(list);
      for (const question of list) expect(question.length).toBeLessThanOrEqual(200);
    }
  });

  it('is deterministic and never repeats a question, whatever the spelling', () => {
    const a = promptSuggestions({ industry: 'Dental Clinic', location: 'Portland, OR' });
    const b = promptSuggestions({ industry: 'Dental Clinic', location: 'Portland, OR' });
    expect(a).toEqual(b);
    for (const industry of ['dentist', 'Dentists', 'Plumbing', 'Weird thing', 'Lawyer', 'Café']) {
      const list = promptSuggestions({ industry, location: 'Austin, TX' });
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('never names the business (it is not an input) and collapses stray whitespace', () => {
    const list = promptSuggestions({ industry: '  Pest\tcontrol  ', location: ' Austin,  TX ' });
    expectWellFormed(list);
    expect(list).toContain('best pest control company in Austin, TX');
  });
});
