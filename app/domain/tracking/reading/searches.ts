// The searches an engine ran for a prompt ("fan-out" queries: ChatGPT, Claude and Gemini rewrite
// the owner's question into their own web searches). They are what the business must rank for,
// so each answer keeps its searches and the per-day counts keep how many answers ran each one.
// Two spellings of one search count as one: case, spacing, quotes and trailing punctuation aside.

/** The words of a search as compared: "Best  Plumber, Austin?" → "best plumber, austin". */
export function searchKey(query: string): string {
  return query
    .toLowerCase()
    .replace(/[“”"'‘’]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?.!]+$/, '')
    .trim()
    .slice(0, 300);
}

/** An answer's searches, each once by key, with the spelling the engine first used. */
export function searchCounts(searches: string[]): Map<string, string> {
  const counts = new Map<string, string>();
  for (const query of searches) {
    const key = searchKey(query);
    if (key && !counts.has(key)) counts.set(key, query.replace(/\s+/g, ' ').trim().slice(0, 300));
  }
  return counts;
}
