import { approximateLocation, placeName } from '~/lib/ai/location';

// Where the engines are asked from, for the visibility page's note: the business's location as
// the searches take it, which engines are told it through their search's location setting, and
// which (Gemini, whose search takes none) get it in the question instead.

export type AskedFrom = {
  /** "Austin, Texas". */
  place: string;
  /** Engines told the place through their search's location. */
  bySearch: string[];
  /** Engines whose question gets the place (unless it names the town already). */
  byQuestion: string[];
  /** The sentence added to those questions. */
  sentence: string;
};

/** Null when the business has no location the searches can take. */
export function askedFrom(
  location: string | null,
  engines: readonly { id: string; name: string }[],
): AskedFrom | null {
  const place = approximateLocation(location);
  const name = place ? placeName(place) : '';
  if (!place || !name) return null;
  return {
    place: name,
    bySearch: engines
      .filter((engine) => engine.id !== 'gemini' && engine.id !== 'compatible')
      .map((engine) => engine.name),
    byQuestion: engines.filter((engine) => engine.id === 'gemini').map((engine) => engine.name),
    sentence: `I'm in ${name}.`,
  };
}
