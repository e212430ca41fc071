import { isExtraction, type Extraction, type ExtractionFailure } from '~/lib/ai/extraction.server';
import { readFacts, versionsOf, type AnswerFact } from '../reading/facts';
import { checkedModelFacts } from '../reading/model-facts';
import type { AnswerReading } from '../reading/reader';
import { countryOf } from '../reading/fact-phone';

// The facts an answer states about the business, as a tracking job keeps them: the extraction
// model's when it gave any that pass the reader's checks, else the reader's own.

export function answerFactsOf(input: {
  text: string;
  reading: Pick<AnswerReading, 'matches' | 'competitors'>;
  location: string | null;
  extraction?: Extraction | ExtractionFailure | null;
}): AnswerFact[] {
  const common = {
    text: input.text,
    matches: input.reading.matches,
    otherNames: input.reading.competitors.map((competitor) => competitor.name),
    country: countryOf(input.location),
  };
  const fromModel =
    input.extraction && isExtraction(input.extraction)
      ? checkedModelFacts({ ...common, modelFacts: input.extraction.facts })
      : [];
  return versionsOf(fromModel.length ? fromModel : readFacts(common));
}
