// A verdict for each fact an answer states, against the owner's own: right, wrong or unclear.
// Phones are compared in E.164, addresses by number, street and postcode, hours day by day,
// websites by site. Without an owner's value there is no verdict: the fact is listed as said.
// A business we track is open for business, so "permanently closed" is always wrong. Pure.

import { addressKey, parseAddressKeyText, type AddressKey } from '../reading/fact-address';
import { describeWeek, parseOpeningHours, type HoursClaim, type Week } from '../reading/fact-hours';
import { hoursClaimsOf } from '../reading/fact-patterns';
import type { FactKind } from '../reading/facts';
import { siteOf } from '../reading/domains';
export const VERDICTS = ['right', 'wrong', 'unclear'] as const;

/** The owner's values as stored on the business. */
export type OwnerFacts = {
  phone: string | null;
  address: string | null;
  openingHours: string | null;
  website: string | null;
};

export const FACT_LABELS: Record<FactKind, string> = {
  phone: 'Phone',
  address: 'Address',
  hours: 'Opening hours',
  website: 'Website',
  status: 'Open or closed',
};

/** What the owner says, in words, or null when they have not said. */
export function yoursOf(kind: FactKind, owner: OwnerFacts): string | null {
  switch (kind) {
    case 'phone':
      return owner.phone;
    case 'address':
      return owner.address;
    case 'hours':
      return owner.openingHours;
    case 'website':
      return owner.website ? siteOf(owner.website) : null;
    case 'status':
      return 'Open';
  }
}

/** The owner's hours as a week in words ("Mon 08:00–17:00 · …"), for the page. */
export function ownerWeek(owner: OwnerFacts): string | null {
  const week = owner.openingHours ? parseOpeningHours(owner.openingHours) : null;
  return week ? describeWeek(week) : null;
}

/** A version's verdict against the owner's value, or null when the owner gave none. */
export function verdictOf(
  fact: { kind: FactKind; key: string; value: string },
  owner: OwnerFacts,
): Verdict | null {
  switch (fact.kind) {
    case 'phone':
      return owner.phone ? (fact.key === owner.phone ? 'right' : 'wrong') : null;
    case 'address': {
      const theirs = parseAddressKeyText(fact.key);
      const ours = owner.address ? addressKey(owner.address) : null;
      if (!ours || !theirs) return null;
      return addressVerdict(theirs, ours);
    }
    case 'hours': {
      const week = owner.openingHours ? parseOpeningHours(owner.openingHours) : null;
      return week ? hoursVerdict(hoursClaimsOf(fact.value), week) : null;
    }
    case 'website': {
      const site = owner.website ? siteOf(owner.website) : null;
      return site ? (fact.key === site ? 'right' : 'wrong') : null;
    }
    case 'status':
      return fact.key === 'closed' ? 'wrong' : 'unclear';
  }
}

export type Verdict = 'right' | 'wrong' | 'unclear';

/**
 * The stated address against the owner's: the same number and street (and postcode, where both
 * give one) is right; a number-less address on the owner's street is unclear; anything else wrong.
 */
export function addressVerdict(stated: AddressKey, owner: AddressKey): Verdict {
  if (stated.street !== owner.street) return 'wrong';
  if (!stated.number) return 'unclear';
  if (stated.number !== owner.number) return 'wrong';
  if (stated.postcode && owner.postcode && stated.postcode !== owner.postcode) return 'wrong';
  return 'right';
}

/**
 * Claims against the owner's week, day by day: a claim a day contradicts (closed when open, other
 * times, open when closed) is wrong; claims that agree and say the times of all seven days are
 * right; claims that agree but leave days or times unsaid ("closed on Sundays", "open until
 * 9pm" without a day) are unclear.
 */
export function hoursVerdict(claims: readonly HoursClaim[], week: Week): Verdict {
  if (!claims.length) return 'unclear';
  const known = new Set<number>();
  let partial = false;
  for (const claim of claims) {
    const days = claim.days ?? [0, 1, 2, 3, 4, 5, 6];
    const { state } = claim;
    const checks = days.map((day) => {
      const open = week[day]!;
      switch (state.kind) {
        case 'closed':
          return open.length === 0;
        case 'always':
          return open.length === 1 && open[0]![0] === 0 && open[0]![1] === 1440;
        case 'open':
          return open.length > 0;
        case 'times': {
          if (!open.length) return false;
          const opens = open[0]![0];
          const closes = open[open.length - 1]![1];
          return (
            (state.opens === null || state.opens === opens) &&
            (state.closes === null || state.closes === closes)
          );
        }
      }
    });
    if (claim.days === null) {
      // No day named: "open until 9pm" may be today's hours; wrong only when no day fits.
      if (!checks.some(Boolean)) return 'wrong';
      partial = true;
      continue;
    }
    if (checks.includes(false)) return 'wrong';
    const complete =
      state.kind === 'closed' ||
      state.kind === 'always' ||
      (state.kind === 'times' && state.opens !== null && state.closes !== null);
    if (!complete) partial = true;
    days.forEach((day) => known.add(day));
  }
  return partial || known.size < 7 ? 'unclear' : 'right';
}
