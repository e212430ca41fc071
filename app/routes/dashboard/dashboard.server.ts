import { resumeTerms } from '~/components/billing/resume-terms';
import { businessZone, type BusinessZone } from '~/domain/time-zones/business-zone.server';
import { redirect } from 'react-router';
import { displayName } from '~/domain/users';
import {
  BUSINESSES_PER_PAGE,
  businessLimitMessage,
  countBusinesses,
  findBusiness,
  listBusinesses,
} from '~/domain/businesses.server';
import { businessCards, businessCardsPage, type CardSource } from '~/domain/business-cards.server';
import { describeWrongFacts } from '~/domain/tracking/reports/facts.server';
import { describeMentions } from '~/domain/tracking/figures/figures';
import { simulatedFigures } from '~/domain/tracking/reports/visibility.server';
import { changeSince } from '~/components/tracking/words';
import { hasSignedInBefore } from '~/domain/sessions.server';
import { getBilling } from '~/domain/payments/billing.server';
import { isPaidPlan } from '~/domain/payments/config.server';
import { checkoutPath, formatPrice, PLANS } from '~/content/plans';
import { formatLongDate } from '~/domain/dates';
import { timeZoneOf } from '~/http/time-zone.server';
import {
  businessLimit,
  effectiveTier,
  isExpired,
  isPaidTier,
  premiumGptAccess,
  TIER_LABELS,
  normalizeTier,
} from '~/domain/tiers';
import { requireUser } from '~/http/auth.server';
import { publicLinks } from '~/lib/env.server';
import { redirectWithToast } from '~/http/toast.server';
import { pageParams, searchParam } from '~/schemas/paging';
import { PROMPT_KIT, PROMPT_KIT_TIPS } from '~/content/prompt-kit';
import { PAYMENT_SUCCESS_TOAST, PAYMENT_PENDING_TOAST, parseTab } from './page';
import { loadGuide } from './guide.server';

// What the dashboard shows: one page of the owner's businesses with their readiness, the plan and
// billing, and the open form or dialog. The route's loader is this, behind the sign-in check.

/** What a card, the edit form and the delete dialog show of a business (no more goes to the page). */
export type CardBusiness = CardSource & {
  /** The zone its times (the next check) are written in: its own, from its location. */
  zone: BusinessZone;
};

function cardOf(business: CardSource): CardBusiness {
  const { id, name, description, website, industry, location, phone, address, openingHours } =
    business;
  const { nameVariants } = business;
  return {
    id,
    name,
    description,
    website,
    industry,
    location,
    phone,
    address,
    openingHours,
    nameVariants,
    zone: businessZone(business),
  };
}

/** The list page and search an address asks for (`?page=` bad values mean 1; the domain clamps). */
export function listParams(url: URL) {
  const { page } = pageParams(url.searchParams, {
    defaultLimit: BUSINESSES_PER_PAGE,
    maxLimit: BUSINESSES_PER_PAGE,
  });
  return { page, q: searchParam(url.searchParams) };
}

export async function loadDashboard(request: Request) {
  const user = await requireUser(request);
  const url = new URL(request.url);

  const now = new Date();
  const timeZone = timeZoneOf(request);
  const billing = await getBilling(user.id, now);

  // Back from the checkout: say what is true, once, and drop the parameter from the address (a
  // redirect with a flash toast does both, with or without JavaScript; a reload cannot repeat it).
  // The plan is active: the spec's toast. The payment provider has not confirmed yet: "received,
  // activating" (the page polls until it lands). Neither: nothing to celebrate.
  if (url.searchParams.get('payment') === 'success') {
    url.searchParams.delete('payment');
    const target = `/dashboard${url.search}`;
    if (billing.pending) throw await redirectWithToast(target, PAYMENT_PENDING_TOAST, { request });
    if (isPaidTier(user.subscriptionStatus) && !isExpired(user, now)) {
      throw await redirectWithToast(target, PAYMENT_SUCCESS_TOAST, { request });
    }
    throw redirect(target);
  }

  const access = premiumGptAccess(user, now);
  const hasPremiumAccess = access.allowed;
  const tab = hasPremiumAccess ? parseTab(url.searchParams.get('tab')) : 'businesses';
  // One page of the list and its count, never the whole list: a user with a thousand businesses
  // gets the same small page as one with twenty. While searching, the heading still counts all.
  // Each card's AI readiness, what is left of the day's audits and its AI visibility come with
  // the page, then one more round trip, however many businesses there are
  // (~/domain/business-cards.server).
  const { page, q } = listParams(url);
  const [{ list, cards }, allCount, returning] = await Promise.all([
    q
      ? listBusinesses(user, { page, perPage: BUSINESSES_PER_PAGE, q }).then(async (found) => ({
          list: found,
          cards: await businessCards(user, found.items, now),
        }))
      : businessCardsPage(user, { page, perPage: BUSINESSES_PER_PAGE }, now),
    q ? countBusinesses(user) : null,
    hasSignedInBefore(user.id),
  ]);
  const businesses = list.items;
  const { readiness, allowances, visibility: summaries, wrongFacts } = cards;
  // Each card's AI visibility in words: the latest period's mention rate and its change.
  const visibility: Record<
    string,
    { mentions: string; change: string | null; wrongFacts: string | null }
  > = {};
  for (const [id, summary] of Object.entries(summaries))
    visibility[id] = {
      // "simulated answers: named in 4 of 12 (33%)" when the Demo assistant answered; the interval
      // is the visibility page's, the low-sample mark stays (issue 32).
      mentions: describeMentions(summary.current, { simulated: simulatedFigures() }).replace(
        /, likely between \d+% and \d+%/,
        '',
      ),
      change: changeSince(summary.current, summary.previous, summary.period, now),
      // A business an answer gave a wrong phone, address, hours, website or "closed" (issue 45).
      wrongFacts: describeWrongFacts(wrongFacts[id] ?? []),
    };
  // The business a form or dialog is open on: usually on this page; a link from elsewhere still works.
  const find = async (param: string) => {
    const id = tab === 'businesses' ? url.searchParams.get(param) : null;
    if (!id) return null;
    const found =
      businesses.find((business) => business.id === id) ?? (await findBusiness(user, id));
    return found ? cardOf(found) : null;
  };
  const [editing, confirmDelete, guide] = await Promise.all([
    find('edit'),
    find('confirmDelete'),
    // The guide tab: one business's plan, for subscribers.
    hasPremiumAccess && tab === 'guide'
      ? loadGuide(user, businesses, url.searchParams.get('business'), now)
      : null,
  ]);
  const tier = normalizeTier(user.subscriptionStatus);
  const countedTier = effectiveTier(user, now);
  const limit = businessLimit(user, now);

  return {
    name: displayName(user),
    /** "Welcome back" for a returning user; a brand-new account is just welcomed. */
    greeting: `${returning ? 'Welcome back' : 'Welcome'}, ${displayName(user)}`,
    plan: {
      tier: user.subscriptionStatus,
      label: TIER_LABELS[tier],
      paid: isPaidTier(tier),
      expired: isExpired(user, now),
      // The end of the period paid for, as the Billing panel says it.
      expiresOn: formatLongDate(billing.periodEnd ?? user.subscriptionExpiry, timeZone),
      hasPremiumAccess,
    },
    freeGptUrl: publicLinks.freeGptUrl,
    billing: {
      planName: billing.planName,
      // One date, the end of the period paid for, said as what it is: a lapsed plan ended (and is
      // offered again), a cancelled one ends, one with a change scheduled moves to the next plan
      // then, any other renews.
      state: billing.state,
      on: formatLongDate(billing.periodEnd, timeZone),
      endedOn: billing.state === 'ended' ? formatLongDate(billing.periodEnd, timeZone) : null,
      renewPath: billing.expired && isPaidPlan(billing.tier) ? checkoutPath(billing.tier) : null,
      renewsOn: billing.state === 'renews' ? formatLongDate(billing.periodEnd, timeZone) : null,
      endsOn: billing.state === 'ends' ? formatLongDate(billing.periodEnd, timeZone) : null,
      canCancel: billing.canCancel,
      canResume: billing.canResume,
      /** What resuming charges and when, said before the button (issue 44, item 6). */
      resumeTerms:
        billing.canResume && billing.planName && billing.monthlyPrice && billing.periodEnd
          ? resumeTerms(
              billing.planName,
              formatPrice(billing.monthlyPrice),
              formatLongDate(billing.periodEnd, timeZone) ?? billing.periodEnd,
            )
          : null,
      version: billing.version,
      scheduled: billing.scheduled
        ? {
            planName: billing.scheduled.planName,
            price: formatPrice(billing.scheduled.monthlyPrice),
            on: formatLongDate(billing.scheduled.at, timeZone),
          }
        : null,
      paymentFailed: billing.paymentFailed,
      pendingPlan: billing.pending
        ? (PLANS.find((plan) => plan.tier === billing.pending?.tier)?.name ?? null)
        : null,
      canManage: billing.canManage,
    },
    businesses: businesses.map(cardOf),
    // A card shows the score, the trend and whether the last check reached the site.
    readiness: Object.fromEntries(
      Object.entries(readiness).map(([id, { auditedAt: _when, ...shown }]) => [id, shown]),
    ),
    allowances,
    visibility,
    /** A better plan gives more audits a day: the card's "next check" hint links to pricing. */
    auditsUpgradable: countedTier !== 'authority',
    list: {
      /** Businesses matching the search (all of them without one): the count query's total. */
      total: list.total,
      /** All of the user's businesses, whatever the search. */
      allCount: allCount ?? list.total,
      /** How many the plan holds, and what the owner is told once the account is at it. */
      limit,
      limitLabel: TIER_LABELS[countedTier],
      limitMessage:
        (allCount ?? list.total) >= limit ? businessLimitMessage(countedTier, limit) : null,
      page: list.page,
      perPage: list.perPage,
      pageCount: list.pageCount,
      q,
    },
    tab,
    adding: tab === 'businesses' && url.searchParams.get('add') === '1',
    editing,
    confirmDelete,
    // Subscriber content only travels to subscribers.
    promptKit:
      hasPremiumAccess && tab === 'prompts'
        ? { prompts: [...PROMPT_KIT], tips: [...PROMPT_KIT_TIPS] }
        : null,
    guide,
  };
}
