// Room: corrections (tracking/corrections/). The owner's hide and merge of the names read,
// kept (corrections.server) and applied when figures are read (here). Imports reading only
// (docs/decisions/0025-tracking-in-rooms.md).
//
// The owner's corrections to the names the answers were read for, applied when figures are read
// (the stored answers and counts keep what was read, so a correction reaches past answers and
// new rounds alike, and undoing it restores the reading). A hidden name is not a business: it
// leaves the competitor lists and share of voice. A merged name counts as the name it was merged
// into: their answers add up, at most once per answer of an engine and day (an answer naming both
// spellings is then counted once; see countOffsets). Pure.

export type CorrectionRow = {
  key: string;
  name: string;
  action: string;
  intoKey: string | null;
  intoName: string | null;
};

export type Corrections = {
  /** Hidden names (and names merged into a hidden one), by key. */
  hidden: Set<string>;
  /** A merged name's key → the name it counts as, after following merges of merges. */
  into: Map<string, { key: string; name: string }>;
};

export const NO_CORRECTIONS: Corrections = { hidden: new Set(), into: new Map() };

export function correctionsFrom(rows: readonly CorrectionRow[]): Corrections {
  const hides = new Set(rows.filter((row) => row.action === 'hide').map((row) => row.key));
  const merges = new Map(
    rows
      .filter((row) => row.action === 'merge' && row.intoKey)
      .map((row) => [row.key, { key: row.intoKey!, name: row.intoName ?? row.intoKey! }]),
  );
  const corrections: Corrections = { hidden: new Set(hides), into: new Map() };
  for (const key of merges.keys()) {
    let target = merges.get(key)!;
    const seen = new Set([key]);
    while (merges.has(target.key) && !seen.has(target.key)) {
      seen.add(target.key);
      target = merges.get(target.key)!;
    }
    if (hides.has(target.key)) corrections.hidden.add(key);
    else corrections.into.set(key, target);
  }
  return corrections;
}

export function hasCorrections(corrections: Corrections): boolean {
  return corrections.hidden.size > 0 || corrections.into.size > 0;
}

/** The key a name counts under (itself unless merged), or null when it is hidden. */
export function countedKey(corrections: Corrections, key: string): string | null {
  if (corrections.hidden.has(key)) return null;
  return corrections.into.get(key)?.key ?? key;
}

/** Every key a correction touches: the corrected names and the names they were merged into. */
export function correctedKeys(corrections: Corrections): string[] {
  return [
    ...new Set([
      ...corrections.hidden,
      ...corrections.into.keys(),
      ...[...corrections.into.values()].map((target) => target.key),
    ]),
  ];
}

/**
 * An answer's list of other businesses, corrected: hidden names left out, merged names under the
 * name they were merged into, each business once (its first place kept).
 */
export function correctNames<T extends { name: string }>(
  list: readonly T[],
  corrections: Corrections,
  keyOf: (name: string) => string,
): T[] {
  const seen = new Set<string>();
  const corrected: T[] = [];
  for (const item of list) {
    const key = keyOf(item.name);
    const counted = countedKey(corrections, key);
    if (counted === null || seen.has(counted)) continue;
    seen.add(counted);
    const target = corrections.into.get(key);
    corrected.push(target ? { ...item, name: target.name } : item);
  }
  return corrected;
}

export type NameCount = { engine: string; period: Date; key: string; mentions: number };

const cell = (engine: string, period: Date) => `${engine}|${period.getTime()}`;

/**
 * For each engine and day, what correcting the names takes off the count of other businesses
 * named (TrackingStat.otherNames): a hidden name's answers, and for a merged group the answers
 * beyond one per answer asked (`samples`: answers that engine gave that day). Also the corrected
 * answers-named count of each merged name, per engine and day. `counts` are the TrackingNameStat
 * rows of the corrected keys (correctedKeys).
 */
export function countOffsets(
  counts: readonly NameCount[],
  samples: (engine: string, period: Date) => number,
  corrections: Corrections,
): { offsets: Map<string, number>; merged: Map<string, Map<string, number>> } {
  const groups = new Map<string, { engine: string; period: Date; sums: Map<string, number> }>();
  const offsets = new Map<string, number>();
  for (const row of counts) {
    const at = cell(row.engine, row.period);
    const counted = countedKey(corrections, row.key);
    if (counted === null) {
      offsets.set(at, (offsets.get(at) ?? 0) + row.mentions);
      continue;
    }
    const group = groups.get(at) ?? { engine: row.engine, period: row.period, sums: new Map() };
    group.sums.set(counted, (group.sums.get(counted) ?? 0) + row.mentions);
    groups.set(at, group);
  }
  const merged = new Map<string, Map<string, number>>();
  for (const [at, { engine, period, sums }] of groups) {
    const cap = samples(engine, period);
    const byKey = new Map<string, number>();
    for (const [key, sum] of sums) {
      const kept = Math.min(sum, cap);
      byKey.set(key, kept);
      if (sum > kept) offsets.set(at, (offsets.get(at) ?? 0) + sum - kept);
    }
    merged.set(at, byKey);
  }
  return { offsets, merged };
}

export function offsetAt(offsets: Map<string, number>, engine: string, period: Date): number {
  return offsets.get(cell(engine, period)) ?? 0;
}

/** The corrected answers-named count of each merged name over the days in [from, to). */
export function mergedIn(
  merged: Map<string, Map<string, number>>,
  from: Date,
  to: Date,
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const [at, byKey] of merged) {
    const time = Number(at.slice(at.lastIndexOf('|') + 1));
    if (time < from.getTime() || time >= to.getTime()) continue;
    for (const [key, count] of byKey) totals.set(key, (totals.get(key) ?? 0) + count);
  }
  return totals;
}

/**
 * The names of a period with their answers-named counts, corrected: hidden and merged-away names
 * left out, each merged name's count from `merged` (mergedIn), most named first.
 */
export function correctedRows(
  rows: readonly { key: string; name: string; mentions: number }[],
  corrections: Corrections,
  merged: Map<string, number>,
): { key: string; name: string; mentions: number }[] {
  const kept = new Map<string, { key: string; name: string; mentions: number }>();
  for (const row of rows) {
    if (countedKey(corrections, row.key) !== row.key) continue;
    kept.set(row.key, { ...row, mentions: merged.get(row.key) ?? row.mentions });
  }
  // A merged name outside the rows read (or named only in its other spellings).
  for (const [key, mentions] of merged) {
    if (kept.has(key) || mentions <= 0 || countedKey(corrections, key) !== key) continue;
    const target = [...corrections.into.values()].find((each) => each.key === key);
    kept.set(key, { key, name: target?.name ?? key, mentions });
  }
  return [...kept.values()].sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name));
}
