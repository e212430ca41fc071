// Whose fact is it? An answer that names three plumbers gives three phone numbers; each belongs to
// the business whose own sentence, list item, card, table row or heading section it stands in.
// This module is the one place that knows the answer's segmentation (built on
// answer-structure.ts; issue 43's segments can replace `unitsOf` alone). Pure.

import type { Range, Structure } from './answer-structure';
import { sentenceSpans } from './sentiment';

/** A place the answer names a business: ours (the owner's) or another. */
export type NamePlace = Range & { ours: boolean };
export type Owner = 'ours' | 'other' | null;

/** A part of the answer about one business: a list item, table row, card or heading section. */
export type Unit = Range & {
  lead: Range | null;
  kind: 'item' | 'row' | 'card' | 'section';
  /** A list item nested in another: a detail of the item around it unless it names a business. */
  nested?: boolean;
};

/** Leads that label a detail ("Phone:", "Hours", "Known for"), not a business. */
const LABEL =
  /^(?:phone|tel|telephone|call|contact|address|location|located|hours|opening hours|open|website|web|site|url|email|e-mail|known for|notes?|rating|reviews?|price|prices|pricing|cost|services?|specialt(?:y|ies)|why|pros|cons|tips?|best for|good for|area|areas served|note|details|summary|highlights?)\b/i;

/** The answer's units, from its markdown structure. */
export function unitsOf(text: string, structure: Structure): Unit[] {
  const units: Unit[] = [];
  const headings = structure.entries.filter((entry) => entry.kind === 'heading');
  for (const entry of structure.entries) {
    if (entry.kind === 'item' || entry.kind === 'row')
      units.push({
        ...entry.block,
        lead: entry.lead,
        kind: entry.kind,
        nested: entry.kind === 'item' && entry.parent?.kind === 'item',
      });
    else if (entry.kind === 'heading') {
      const next = headings.find((other) => other.block.start > entry.block.start);
      units.push({
        start: entry.block.start,
        end: next ? next.block.start : text.length,
        lead: entry.lead,
        kind: 'section',
      });
    } else if (entry.kind === 'bold' && entry.lead) {
      // A card: a paragraph that opens with a bold name ("**Okafor Plumbing**\n⭐ 4.8 …").
      const before = text.slice(entry.block.start, entry.lead.start);
      if (!/[\p{L}\p{N}]/u.test(before.replace(/^\s*\d{1,2}[.)]/, '')))
        units.push({ ...entry.block, lead: entry.lead, kind: 'card' });
    }
  }
  return units;
}

function isLabel(text: string, lead: Range): boolean {
  const words = text.slice(lead.start, lead.end);
  const after = text.slice(lead.end, lead.end + 4).replace(/^[\s*_]+/, '');
  return LABEL.test(words) || after.startsWith(':');
}

/**
 * Who each position in the answer is about. In its sentence: the business named nearest before
 * it (or, when none is named before it, the first named after it). In a sentence that names no
 * one: the business that leads the innermost list item, card, table row or heading section it
 * stands in (a detail's label, "Phone:", or a list item nested in a business's item that names
 * no business is a detail: the item around it is asked, as the reader's rule 1 has it). A
 * unit led by no name we know is someone else's, and text outside every unit naming no one is
 * nobody's.
 */
export function ownersOf(text: string, structure: Structure, names: readonly NamePlace[]) {
  const sorted = [...names].sort((a, b) => a.start - b.start);
  const sentences = sentenceSpans(text, sorted);
  const units = unitsOf(text, structure);
  const leadOwner = ({ lead, nested }: Unit): Owner | 'label' => {
    if (!lead) return 'label';
    const inLead = sorted.filter((name) => name.start < lead.end && lead.start < name.end);
    if (inLead.some((name) => name.ours)) return 'ours';
    if (inLead.length) return 'other';
    return nested || isLabel(text, lead) ? 'label' : 'other';
  };
  /** The owner at `offset`, and the range whose lead names it (for quoting), if a unit decided. */
  return (offset: number): { owner: Owner; unit: Unit | null; sentence: Range | null } => {
    const sentence = sentences.find((span) => span.start <= offset && offset < span.end) ?? null;
    if (sentence) {
      const inSentence = sorted.filter(
        (name) => name.start >= sentence.start && name.start < sentence.end,
      );
      const before = inSentence.filter((name) => name.start < offset);
      const nearest = before[before.length - 1] ?? inSentence[0];
      if (nearest) return { owner: nearest.ours ? 'ours' : 'other', unit: null, sentence };
    }
    const around = units
      .filter((unit) => unit.start <= offset && offset < unit.end)
      .sort((a, b) => a.end - a.start - (b.end - b.start));
    for (const unit of around) {
      const owner = leadOwner(unit);
      if (owner !== 'label') return { owner, unit, sentence };
    }
    return { owner: null, unit: null, sentence };
  };
}
