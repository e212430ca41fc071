// A string of its own. Node's readline hands out each line as a slice of the chunk it read (64 KB),
// and a slice of that line (a path, a User-Agent) is again a slice of the whole chunk: keeping one
// such string (in a tally, a cache, a batch) keeps the whole chunk alive. Reading a million-line
// log, ten thousand kept paths held ~80 MB of chunks (issue 48, `npm run bench:logs`). Prepending
// a character makes V8 build a new flat string (a copy of the text alone) before the slice is
// taken, so the result points at that copy, not at the chunk. Pure.

/** The same text, held apart from whatever string it was sliced from. */
export function ownString(text: string): string {
  return (' ' + text).slice(1);
}
