import type { HashedVisit } from './line-hash';
import type { CountedVisit } from './tally';

// A batch of counted visits as the import's reading threads hand it to the store (issue 48,
// `npm run bench:logs`): the fingerprints as one text, and each visit as the index of what it
// counts as (its day, kind, status and page) in a table of the batch's distinct ones. Thousands
// of visits share a few hundred of those: posted from a thread this is two strings' and an
// array's worth of copying, not thousands of objects', and the store tallies each distinct one
// once, with its count. Pure.

/** A fingerprint's length (./line-hash.ts). */
export const HASH_LENGTH = 22;

export type VisitBatch = {
  /** Each visit's fingerprint, HASH_LENGTH characters apiece, in order. */
  hashes: string;
  /** Each visit's index in `visits`. */
  keys: Int32Array;
  /** The batch's distinct visits (what a visit counts as, not its fingerprint). */
  visits: CountedVisit[];
};

/** Whether two visits count as the same (their page aside: the caller compared it). */
const sameVisit = (a: CountedVisit, b: CountedVisit) =>
  a.day === b.day &&
  a.status === b.status &&
  (a.kind.kind === 'agent'
    ? b.kind.kind === 'agent' &&
      a.kind.agent === b.kind.agent &&
      a.kind.verification === b.kind.verification
    : b.kind.kind === 'referral' && a.kind.assistant === b.kind.assistant);

/** Builds a VisitBatch a visit at a time. */
export class VisitBatchBuilder {
  private hashes: string[] = [];
  private keys: number[] = [];
  private visits: CountedVisit[] = [];
  // The distinct visits' indexes by page (a page's few: by day, kind and status).
  private byPath = new Map<string, number[]>();

  get size(): number {
    return this.keys.length;
  }

  add(visit: CountedVisit, hash: string): void {
    let same = this.byPath.get(visit.path);
    let at = -1;
    if (same) {
      for (const index of same)
        if (sameVisit(this.visits[index]!, visit)) {
          at = index;
          break;
        }
    } else this.byPath.set(visit.path, (same = []));
    if (at < 0) {
      at = this.visits.length;
      same.push(at);
      const { day, kind, status, path } = visit;
      this.visits.push({ day, kind, status, path });
    }
    this.hashes.push(hash);
    this.keys.push(at);
  }

  /** The batch so far; the builder starts again empty. */
  take(): VisitBatch {
    const batch = {
      hashes: this.hashes.join(''),
      keys: Int32Array.from(this.keys),
      visits: this.visits,
    };
    this.hashes = [];
    this.keys = [];
    this.visits = [];
    this.byPath.clear();
    return batch;
  }
}

/** The batch of these visits. */
export function batchOf(visits: readonly HashedVisit[]): VisitBatch {
  const builder = new VisitBatchBuilder();
  for (const visit of visits) {
    // A fingerprint of another length would put every later one out of step.
    if (visit.hash.length !== HASH_LENGTH)
      throw new Error(
        `A line's fingerprint has ${HASH_LENGTH} characters, not ${visit.hash.length}`,
      );
    builder.add(visit, visit.hash);
  }
  return builder.take();
}

/** The batch's visits, one by one, in order. */
export function visitsOf({ hashes, keys, visits }: VisitBatch): HashedVisit[] {
  return Array.from(keys, (key, i) => ({
    ...visits[key]!,
    hash: hashes.slice(i * HASH_LENGTH, (i + 1) * HASH_LENGTH),
  }));
}
