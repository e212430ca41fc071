// Which words of an answer the page marks as a competitor (issue 44: a competitor's name was
// marked in one answer and not in the next, or in one place of an answer and not another). The
// reader marks where it read a name (a list entry's lead, a known name); the page marks every
// occurrence in the answer of each name the answer is counted as naming (after the owner's
// corrections) and of the owner's own competitors, so one name is marked the same way everywhere.
// Pure: the answers list (answers.server.ts) runs it as it reads each answer.
import type { NameMatch } from '../reading/reader';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Letters and digits on either side of a name end it: "Pipes" is not marked inside "Pipestone". */
const WORD = /[\p{L}\p{N}]/u;

/**
 * The reader's marks, plus every other whole-word, case-insensitive occurrence of `names` in
 * `text` as a competitor, never overlapping a mark already there (the business's own come first).
 */
export function everyNameMarked(text: string, matches: NameMatch[], names: string[]): NameMatch[] {
  const out = [...matches];
  const wanted = [...new Set(names.map((name) => name.trim()).filter((name) => name.length >= 2))]
    // Longer names first: "Rival Pipes Co" before "Rival Pipes".
    .sort((a, b) => b.length - a.length);
  for (const name of wanted) {
    const pattern = new RegExp(escape(name), 'giu');
    for (const found of text.matchAll(pattern)) {
      const start = found.index;
      const end = start + found[0].length;
      if (WORD.test(text[start - 1] ?? '') || WORD.test(text[end] ?? '')) continue;
      if (out.some((mark) => start < mark.end && mark.start < end)) continue;
      out.push({ start, end, kind: 'competitor' });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
