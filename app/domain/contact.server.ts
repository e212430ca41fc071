import { withLock } from '~/lib/owner-lock.server';
import type { ContactInput } from '~/schemas/contact';
import { DomainError } from './errors';

// Storing what visitors send through the contact form, with two spam guards: a honeypot (a
// filled one pretends success but stores nothing) and a per-IP rate limit counted from the table.

export const CONTACT_RATE_LIMIT = {
  /** Inquiries one IP address may send per window. */
  perIp: 5,
  /**
   * Inquiries all visitors of unknown address may send together per window. `getClientIp` is null
   * when no reverse proxy names the client (TRUST_PROXY off, or no X-Forwarded-For / X-Real-IP).
   * Those visitors are indistinguishable, so instead of never limiting them (a spam bot could then
   * fill the table) or limiting them to 5 together (one visitor would lock out everyone), they share
   * one larger bucket. Behind the reverse proxy the production setup uses, every request has an IP.
   */
  unknownIp: 30,
  windowMs: 60 * 60 * 1000,
} as const;

export const RATE_LIMIT_MESSAGE =
  'You have sent too many messages in the last hour. Please try again later.';

export type InquiryOutcome = { status: 'stored'; id: string } | { status: 'discarded' };

export async function submitContactInquiry(
  input: ContactInput,
  context: { ipAddress: string | null; honeypot?: string | null; now?: Date },
): Promise<InquiryOutcome> {
  // A bot filled the field people cannot see: answer as if it worked, keep nothing.
  if (context.honeypot && context.honeypot.trim() !== '') return { status: 'discarded' };

  const now = context.now ?? new Date();
  const ipAddress = context.ipAddress?.trim() || null;
  const since = new Date(now.getTime() - CONTACT_RATE_LIMIT.windowMs);
  // Counted and stored under the address's lock (withLock, like the owners' limited writes): two
  // messages sent at once from one address cannot both take its last place.
  const row = await withLock(`contact:${ipAddress ?? 'unknown'}`, 'contact.submit', async (tx) => {
    const recent = await tx.contactInquiry.count({
      where: { ipAddress, createdAt: { gt: since } },
    });
    const limit = ipAddress ? CONTACT_RATE_LIMIT.perIp : CONTACT_RATE_LIMIT.unknownIp;
    if (recent >= limit) throw new DomainError('rate_limited', RATE_LIMIT_MESSAGE);
    return tx.contactInquiry.create({
      data: {
        name: input.name,
        email: input.email,
        company: input.company ?? null,
        phone: input.phone ?? null,
        message: input.message,
        inquiryType: input.inquiryType,
        ipAddress,
        createdAt: now,
      },
      select: { id: true },
    });
  });
  return { status: 'stored', id: row.id };
}
