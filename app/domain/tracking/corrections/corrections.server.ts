import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { withOwnerLock } from '~/lib/owner-lock.server';
import type { NameCorrectionInput } from '~/schemas/tracking';
import type { PublicUser } from '../../accounts.server';
import { DomainError } from '../../errors';
import {
  correctedKeys,
  correctionsFrom,
  countOffsets,
  hasCorrections,
  NO_CORRECTIONS,
  type Corrections,
} from './corrections';
import { normalizeName } from '../reading/names';
import { ownedBusiness } from '../owned.server';

// The owner's corrections to the names the answers were read for, per business (NameCorrection):
// hide a name that is not a business, merge two spellings of one, undo either. Figures apply them
// when they are read (corrections.ts), so they reach past answers, every figure and new rounds.

/** Corrections one business may keep: the list is read whole wherever figures are. */
export const NAME_CORRECTIONS_PER_BUSINESS = 100;
export const CORRECTION_NOT_FOUND_MESSAGE = 'Correction not found';
export const CORRECTIONS_FULL_MESSAGE = `A business can keep up to ${NAME_CORRECTIONS_PER_BUSINESS} corrections. Undo one you no longer need first.`;

export type NameCorrectionView = {
  id: string;
  action: 'hide' | 'merge';
  name: string;
  key: string;
  /** A merge's other name. */
  into: { name: string; key: string } | null;
  createdAt: string;
};

const SELECT = {
  id: true,
  action: true,
  name: true,
  key: true,
  intoName: true,
  intoKey: true,
  createdAt: true,
} as const;

function view(row: Prisma.NameCorrectionGetPayload<{ select: typeof SELECT }>): NameCorrectionView {
  return {
    id: row.id,
    action: row.action === 'merge' ? 'merge' : 'hide',
    name: row.name,
    key: row.key,
    into:
      row.action === 'merge' && row.intoKey ? { name: row.intoName ?? '', key: row.intoKey } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The business's corrections, newest first (at most NAME_CORRECTIONS_PER_BUSINESS). */
export async function listNameCorrections(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
): Promise<NameCorrectionView[]> {
  await ownedBusiness(owner, businessId);
  const rows = await db.nameCorrection.findMany({
    where: { businessId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: NAME_CORRECTIONS_PER_BUSINESS,
    select: SELECT,
  });
  return rows.map(view);
}

/** The corrections figures apply, for a business already known to be the caller's. */
export async function correctionsOf(businessId: string): Promise<Corrections> {
  const rows = await db.nameCorrection.findMany({
    where: { businessId },
    take: NAME_CORRECTIONS_PER_BUSINESS,
    select: { key: true, name: true, action: true, intoKey: true, intoName: true },
  });
  return rows.length ? correctionsFrom(rows) : NO_CORRECTIONS;
}

/**
 * Hides a name from every figure, or merges it into another name. Refused: the business's own
 * name, a name on the owner's competitor list as the one hidden or merged away (remove it there,
 * or merge the other spelling into it), a name corrected already, a merge into a hidden name or
 * back into itself, and more than NAME_CORRECTIONS_PER_BUSINESS corrections.
 */
export async function correctName(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  input: NameCorrectionInput,
): Promise<NameCorrectionView> {
  const business = await ownedBusiness(owner, businessId);
  const key = normalizeName(input.name);
  const intoKey = input.action === 'merge' ? normalizeName(input.into) : null;
  if (!key || intoKey === '') throw new DomainError('invalid_input', 'Please enter a name');
  const own = normalizeName(business.name);
  if (key === own || intoKey === own)
    throw new DomainError(
      'invalid_input',
      'That is the name of this business: corrections are for the other names the answers give',
    );
  if (intoKey === key)
    throw new DomainError('invalid_input', 'Choose two different names to merge');

  return withOwnerLock(owner.id, 'name-correction.add', async (tx) => {
    const [known, rows] = await Promise.all([
      tx.competitor.findFirst({ where: { businessId, key }, select: { name: true } }),
      tx.nameCorrection.findMany({
        where: { businessId },
        take: NAME_CORRECTIONS_PER_BUSINESS + 1,
        select: { key: true, name: true, action: true, intoKey: true, intoName: true },
      }),
    ]);
    if (known)
      throw new DomainError(
        'conflict',
        input.action === 'hide'
          ? `${known.name} is on your competitor list: remove it there instead`
          : `${known.name} is on your competitor list: merge the other spelling into it instead`,
      );
    const corrected = rows.find((row) => row.key === key);
    if (corrected)
      throw new DomainError(
        'conflict',
        `${corrected.name} is ${corrected.action === 'hide' ? 'hidden' : 'merged'} already: undo that first`,
      );
    if (rows.length >= NAME_CORRECTIONS_PER_BUSINESS)
      throw new DomainError('conflict', CORRECTIONS_FULL_MESSAGE);
    let intoName: string | null = null;
    if (input.action === 'merge' && intoKey) {
      const corrections = correctionsFrom(rows);
      if (corrections.hidden.has(intoKey))
        throw new DomainError('conflict', `${input.into} is hidden: show it again first`);
      if (corrections.into.get(intoKey)?.key === key)
        throw new DomainError('conflict', `${input.into} counts as ${input.name} already`);
      // The name it counts as: the owner's spelling when it is on their list.
      const target = await tx.competitor.findFirst({
        where: { businessId, key: intoKey },
        select: { name: true },
      });
      intoName = target?.name ?? input.into;
    }
    const row = await tx.nameCorrection.create({
      data: {
        businessId,
        key,
        name: input.name,
        action: input.action,
        intoKey,
        intoName,
      },
      select: SELECT,
    });
    return view(row);
  });
}

/** Undoes a correction (unhide, unmerge): the answers read as they were read again. */
export async function undoNameCorrection(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  correctionId: string,
): Promise<NameCorrectionView> {
  await ownedBusiness(owner, businessId);
  const row = await db.nameCorrection.findFirst({
    where: { id: correctionId, businessId },
    select: SELECT,
  });
  if (!row) throw new DomainError('not_found', CORRECTION_NOT_FOUND_MESSAGE);
  await db.nameCorrection.deleteMany({ where: { id: correctionId, businessId } });
  return view(row);
}

/**
 * What the business's corrections take off each engine's and day's count of other businesses
 * named, in `period` (days), and the corrected count of each merged name: read from the name
 * counts of the corrected keys alone (a bounded list: NAME_CORRECTIONS_PER_BUSINESS).
 */
export async function correctionCounts(
  businessId: string,
  corrections: Corrections,
  engine: Prisma.StringFilter,
  period: { gte: Date; lt: Date },
) {
  if (!hasCorrections(corrections)) return null;
  const keys = correctedKeys(corrections);
  const [names, stats] = await Promise.all([
    db.trackingNameStat.findMany({
      where: { businessId, engine, period, key: { in: keys } },
      select: { engine: true, period: true, key: true, mentions: true },
    }),
    db.trackingStat.findMany({
      where: { businessId, engine, period },
      select: { engine: true, period: true, samples: true },
    }),
  ]);
  const samples = new Map(
    stats.map((row) => [`${row.engine}|${row.period.getTime()}`, row.samples]),
  );
  return countOffsets(
    names,
    (engineId, day) => samples.get(`${engineId}|${day.getTime()}`) ?? 0,
    corrections,
  );
}
