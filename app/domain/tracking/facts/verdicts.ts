// A verdict for each fact an answer states, against the owner's own: right, wrong or unclear.
// Phones are compared in E.164, addresses by number, street and postcode, hours day by day,
// websites by site. Without an owner's value there is no verdict: the fact is listed as said.
// A business we track is open for business, so "permanently closed" is always wrong. Pure.

import { hoursClaimsOf } from '../reading/fact-patterns';
import type { FactKind } from '../reading/facts';
import { siteOf } from '../reading/domains';
import { addressKey, addressVerdict, parseAddressKeyText, type Verdict } from './address';
import { describeWeek, hoursVerdict, parseOpeningHours } from './hours';

export type { Verdict } from './address';
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
