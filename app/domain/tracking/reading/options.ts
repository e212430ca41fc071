// Which of the names the reader found are options for the question (issue 43 item 2): per
// candidate, its role (roles.ts: a place, a source, a label, a step or a brand in another role is
// not counted); per list, whether it holds options or labels (a list whose items are mostly
// plain English phrases, unnumbered, is a list of labels: "Offering of Light", "Celestial Art");
// a source kept as an option when it leads an item of a list of other businesses (OpenTable
// among reservation systems); and a news heading read for its subject ("FTX Case Update" →
// "FTX"). Pure.

import type { Entry, Range, Structure } from './answer-structure';
import { BUSINESS_WORDS } from './business-names';
import { headingSubject, isPlainPhrase, roleOf } from './roles';
import { isSource } from './sources';

/** Plain English with no trade word: a label ("Celestial Art"), not "Bell Plumbing and Heating". */
const plainLabel = (name: string) =>
  isPlainPhrase(name) &&
  !name
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .some((word) => BUSINESS_WORDS.has(word));

const nameAt = (text: string, range: Range) =>
  text
    .slice(range.start, range.end)
    .replace(/[*_`[\]]/g, '')
    .trim();

/** A page's title rather than a name: a site after a dash or bar, a year, "The 10 Best …". */
function pageTitle(label: string): boolean {
  return (
    /\s[-–—|]\s+\S/.test(label) ||
    /\((?:19|20)\d\d\)/.test(label) ||
    /^(?:the\s+)?(?:\d+\s+)?(?:best|top)\b/i.test(label)
  );
}

/** An entry written with a number ("1. **Deel**", "### 2. Remote"). */
function numbered(text: string, entry: Entry): boolean {
  return /^\s*(?:#+\s*)?(?:\*\*|__)?\d{1,2}[.)]/.test(
    text.slice(entry.block.start, entry.block.end),
  );
}

/** The text before a name in its line, and a little after it: where roles are read from. */
function around(text: string, range: Range): [string, string] {
  const lineStart = text.lastIndexOf('\n', range.start - 1) + 1;
  return [
    text.slice(Math.max(lineStart, range.start - 200), range.start),
    text.slice(range.end, range.end + 40),
  ];
}

export type Judge = (range: Range, entry: Entry | null) => Range | null;

/**
 * A judge of the reader's candidate names: the range to count (the whole name, or a news heading's
 * subject), or null when the candidate is not an option. `leads` gives each entry's candidate.
 */
export function optionJudge(
  text: string,
  structure: Structure,
  leads: Map<Entry, Range>,
  named: Set<string>,
): Judge {
  const listItems = new Map<Range, Entry[]>();
  for (const entry of structure.entries)
    if (entry.kind === 'item' && entry.list)
      listItems.set(entry.list, [...(listItems.get(entry.list) ?? []), entry]);

  /** Most of the list's items are plain phrases: a list of labels, not of options. */
  const labelList = (entry: Entry) => {
    const items = entry.list ? (listItems.get(entry.list) ?? []) : [];
    if (items.length < 2) return false;
    const plainItems = items.filter((item) => {
      const lead = leads.get(item) ?? item.lead;
      return !lead || plainLabel(nameAt(text, lead));
    });
    return plainItems.length * 5 >= items.length * 3;
  };
  /** Other items of the list lead with businesses that are not sources. */
  const amongOptions = (entry: Entry) => {
    const items = entry.list ? (listItems.get(entry.list) ?? []) : [];
    return (
      items.filter((item) => {
        const lead = item !== entry ? leads.get(item) : undefined;
        return lead && !isSource(nameAt(text, lead));
      }).length >= 2
    );
  };

  return (range, entry) => {
    let name = nameAt(text, range);
    let counted = range;
    const subject = headingSubject(name);
    if (subject === null) return null;
    if (subject !== undefined) {
      const at = text.indexOf(subject, range.start);
      if (at < 0 || at >= range.end) return null;
      counted = { start: at, end: at + subject.length };
      name = subject;
    }
    // A link whose text is another page's title: "The 10 Best Roofers in Leeds (2025) - Checkatrade".
    const link = structure.links.find(
      (each) => each.label && each.label.start <= range.start && range.end <= each.label.end,
    );
    if (link?.label && pageTitle(text.slice(link.label.start, link.label.end))) return null;
    const [before, after] = around(text, counted);
    const lead = entry?.kind === 'item' || entry?.kind === 'row';
    const role = roleOf(name, before, after, { lead, named });
    // The same brand is an option among options (OpenTable among reservation systems), and a
    // town's name can be a business's among businesses ("Santa Maria" among pizzerias).
    if (
      (role === 'source' || (role === 'place' && !/\d/.test(name))) &&
      entry?.kind === 'item' &&
      amongOptions(entry)
    )
      return counted;
    if (role !== 'business') return null;
    if (entry && (entry.kind === 'item' || entry.kind === 'bold')) {
      // "**Tip:** …", "**Consejo:** …": a label opening a line.
      const lineStart = text.lastIndexOf('\n', range.start - 1) + 1;
      if (
        entry.kind === 'bold' &&
        /^(?:\*\*|__)?:/.test(text.slice(range.end, range.end + 3)) &&
        /^[\s*_]*$/.test(text.slice(lineStart, range.start))
      )
        return null;
      if (entry.kind === 'item' && !numbered(text, entry) && plainLabel(name) && labelList(entry))
        return null;
    }
    return counted;
  };
}
