import type { PublicUser } from '~/domain/accounts.server';
import { isDomainError } from '~/domain/errors';
import { optimizationGuide, type Guide } from '~/domain/tracking/reports/sources-guide.server';

// The "AI Optimization Guide" tab: one business's plan (the one asked for with ?business=, else
// the first on this page of the list), and the page's businesses to choose another from.

export type GuideTab = {
  choices: { id: string; name: string }[];
  guide: Guide | null;
  /** The business asked for is not the owner's (or is gone). */
  notFound: boolean;
};

export async function loadGuide(
  user: Pick<PublicUser, 'id' | 'subscriptionStatus' | 'subscriptionExpiry'>,
  businesses: readonly { id: string; name: string }[],
  asked: string | null,
  now: Date,
): Promise<GuideTab> {
  const choices = businesses.map(({ id, name }) => ({ id, name }));
  const id = asked?.slice(0, 64) || choices[0]?.id;
  if (!id) return { choices, guide: null, notFound: false };
  try {
    return { choices, guide: await optimizationGuide(user, id, now), notFound: false };
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found')
      return { choices, guide: null, notFound: true };
    throw error;
  }
}
