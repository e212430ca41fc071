// Names in running text that no markdown marks (issue 43): products and firms named in prose
// ("Asana, Monday.com, ClickUp and Nifty"; "Fresha is free to start"). A capitalised name counts
// when it is listed with other capitalised names, or when it is the subject of what a business
// does or is ("is a", "offers", "charges", "integrates"). Pure.

/** Another capitalised name joined to this one by a comma, "and", "or" or "&". */
const JOINED_BEFORE =
  /[\p{Lu}\p{N}][\p{L}\p{N}.'’&-]*(?:\s[\p{Lu}][\p{L}\p{N}.'’&-]*){0,3}(?:,\s+(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)$/u;
const JOINED_AFTER = /^(?:,\s+(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)[\p{Lu}\p{N}][\p{L}\p{N}]/u;

/** What a business is or does, right after its name. */
const PREDICATE =
  /^(?:['’]s)?\s+(?:is|are|was|has|have|offers?|charges?|takes?|integrates?|works?|does|provides?|focuses|specialis(?:es|ed)|specializ(?:es|ed)|costs?|starts?|supports?|lets?|gives?|includes?|comes?|tends?|feels?|remains?|stands?|can|will|also|keeps?|makes?|runs?|serves?|sells?|delivers?|handles?|shines?|wins?)\b/;

/**
 * Whether the name at [start, end) of `text` is listed with other names or (unless `acts` is
 * false: a plain English word such as "Summit" acting is not enough) acts as a business.
 */
export function proseSignal(text: string, start: number, end: number, acts = true): boolean {
  const sentenceStart = Math.max(
    text.lastIndexOf('. ', start),
    text.lastIndexOf('\n', start - 1),
    start - 160,
  );
  const before = text.slice(Math.max(0, sentenceStart), start);
  const after = text.slice(end, end + 60);
  return JOINED_BEFORE.test(before) || JOINED_AFTER.test(after) || (acts && PREDICATE.test(after));
}
