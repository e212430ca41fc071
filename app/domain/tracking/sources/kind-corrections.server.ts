import type { PublicUser } from '~/domain/accounts.server';
import { DomainError } from '~/domain/errors';
import { db } from '~/lib/db.server';
import type { SourceKindInput } from '~/schemas/tracking';
import { siteOf } from '../reading/domains';
import { ownedBusiness } from '../owned.server';

// The owner's corrections of a cited site's kind, per business (issue 46): the vendored list
// calls a site a directory, a forum, news…; the owner knows better for their trade. "auto" removes
// the correction. Applied whenever the report is read, so it reaches every period at once.

export const SOURCE_KIND_CORRECTIONS_PER_BUSINESS = 500;
export const SOURCE_KIND_SITE_ERROR = 'Please choose a site from the list';
export const SOURCE_KIND_LIMIT_MESSAGE = `A business can keep up to ${SOURCE_KIND_CORRECTIONS_PER_BUSINESS} corrected sites. Set one back to "as the list says" first.`;

/** Sets (or, with "auto", removes) the kind of one cited site for the owner's business. */
export async function setSourceKind(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  input: SourceKindInput,
): Promise<void> {
  const business = await ownedBusiness(owner, businessId);
  // A site as the report names it ("yelp.com"), never an address or a page.
  if (siteOf(input.domain) !== input.domain)
    throw new DomainError('invalid_input', SOURCE_KIND_SITE_ERROR);
  const key = { businessId_domain: { businessId: business.id, domain: input.domain } };
  if (input.kind === 'auto') {
    await db.sourceKindCorrection.deleteMany({
      where: { businessId: business.id, domain: input.domain },
    });
    return;
  }
  const count = await db.sourceKindCorrection.count({ where: { businessId: business.id } });
  const existing = await db.sourceKindCorrection.findUnique({ where: key, select: { kind: true } });
  if (!existing && count >= SOURCE_KIND_CORRECTIONS_PER_BUSINESS)
    throw new DomainError('forbidden', SOURCE_KIND_LIMIT_MESSAGE);
  await db.sourceKindCorrection.upsert({
    where: key,
    create: { businessId: business.id, domain: input.domain, kind: input.kind },
    update: { kind: input.kind },
  });
}
