// What an entry's lead needs to count as a name, and a label's value (reader.ts rules 1 and 4).
// Pure.

import { trimLead, type Entry, type Range } from './answer-structure';
import { labelHeader, type NameLevel } from './business-names';
import { headingRole } from './segments';

/**
 * The evidence an entry's lead needs to be a name (business-names.ts): headings and bold lines
 * standing alone 3 unless numbered or followed by what describes a business (a place card's
 * details, "this historic pub …": segments.ts headingRole), rows of a column headed by a label
 * word 3, others 1.
 */
export function leadEvidence(text: string, entry: Entry, lead: Range): NameLevel {
  if (entry.kind === 'row') return entry.header && labelHeader(entry.header) ? 3 : 1;
  if (entry.kind === 'item') return 1;
  const lineStart = text.lastIndexOf('\n', lead.start - 1) + 1;
  const newline = text.indexOf('\n', lead.end);
  const lineEnd = newline < 0 ? text.length : newline;
  const before = text.slice(lineStart, lead.start);
  const numbered = /\d/.test(before);
  const described = headingRole(text, lead.end) === 'business';
  if (entry.kind === 'heading') return numbered || described ? 1 : 3;
  const alone = !/[\p{L}\p{N}]/u.test(
    before.replace(/\d+[.)]/, '') + text.slice(lead.end, lineEnd),
  );
  return alone && !numbered && !described ? 3 : 1;
}

/** A label's value: "Best overall: Sunset Electric – licensed" → "Sunset Electric". */
export function labelValue(text: string, lead: Range, block: Range): Range | null {
  const colon = /^[*_]*\s*:[*_]*[ \t]*/.exec(text.slice(lead.end, block.end));
  if (!colon) return null;
  const start = lead.end + colon[0].length;
  const newline = text.indexOf('\n', start);
  const end = newline < 0 || newline > block.end ? block.end : newline;
  return start < end ? trimLead(text, { start, end }) : null;
}
