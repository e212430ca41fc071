import { describe, expect, it } from 'vitest';
import { sentencesAbout, withModelNames } from './model-names';
import { readAnswer } from './reader';

// The extraction model's businesses over the reader's reading: the model says which names are
// businesses, the reader checks that the answer contains them and keeps its own ranking.

const business = { name: 'Moreno Plumbing', location: 'Leeds, UK' };
const text = [
  '1. **PipeRight Leeds** – boilers.',
  '2. **Recent Developments** – news.',
  '3. **Moreno Plumbing** – fair prices.',
  '',
  'Ironwood Plumbing does bathrooms; ask about Heating Hub too.',
].join('\n');

describe('withModelNames', () => {
  const reading = readAnswer({ text, business, competitors: ['Ironwood Plumbing'] });

  it('drops names the answer does not contain and the owner’s business, and adds the ones the reader missed', () => {
    const combined = withModelNames(reading, text, business, [
      'PipeRight Leeds',
      'Moreno Plumbing',
      'Heating Hub',
      'Ironwood Plumbing',
      'Aire Valley Drains',
    ]);
    expect(combined.competitors).toEqual([
      { name: 'PipeRight Leeds', position: 1, known: false },
      { name: 'Ironwood Plumbing', position: 3, known: true },
      { name: 'Heating Hub', position: 4, known: false },
    ]);
    expect(combined).toMatchObject({ mentioned: true, position: 2 });
    const highlighted = combined.matches.map((match) => text.slice(match.start, match.end));
    expect(highlighted).toContain('Heating Hub');
  });

  it('keeps the owner’s competitors the reader found even when the model leaves them out', () => {
    const combined = withModelNames(reading, text, business, []);
    expect(combined.competitors).toEqual([{ name: 'Ironwood Plumbing', position: 2, known: true }]);
    expect(combined.position).toBe(1);
  });

  it('counts a shorter spelling of a name once', () => {
    const combined = withModelNames(reading, text, business, ['PipeRight', 'PipeRight Leeds']);
    expect(combined.competitors.map((competitor) => competitor.name)).toEqual([
      'PipeRight Leeds',
      'Ironwood Plumbing',
    ]);
  });
});

describe('sentencesAbout', () => {
  it('keeps the labelled sentences that name the business and that the answer contains', () => {
    const sentences = [
      { text: '3. Moreno Plumbing – fair prices.', label: 'positive' },
      { text: 'PipeRight Leeds – boilers.', label: 'neutral' },
      { text: 'Moreno Plumbing never turns up.', label: 'negative' },
    ];
    expect(sentencesAbout(sentences, text, business)).toEqual([sentences[0]]);
  });
});
