import { db } from '~/lib/db.server';
import { sendMail } from '~/lib/mail.server';
import { factAlertMail } from '~/mail/fact-alert.server';
import { mailOrigin } from '~/mail/messages.server';
import type { AnswerFact } from '../reading/facts';
import { engineName, isEngineId } from '~/lib/ai/engines.server';
import { digestUnsubscribeUrl } from '../../digest-unsubscribe.server';
import { formatPhone } from '../reading/fact-phone';
import { verdictOf, yoursOf } from './verdicts';

// The e-mail alert the first time an answer gives the business a wrong phone or address, or says
// it is closed: once per business, fact and value (TrackingFactAlert's key), to the owner, unless
// they turned the weekly digest off (its one-click unsubscribe covers these alerts). Simulated
// answers (the Demo assistant) never alert: nothing real was said.

const ALERTED_KINDS = new Set(['phone', 'address', 'status']);
const FACT_WORDS: Record<string, string> = {
  phone: 'phone number',
  address: 'address',
  status: 'status (closed)',
};

/** Alerts the owner of each fact of this answer that is newly wrong; returns how many went out. */
export async function alertWrongFacts(
  businessId: string,
  engine: string,
  facts: readonly AnswerFact[],
  now = new Date(),
): Promise<number> {
  if (engine === 'demo' || !facts.some((fact) => ALERTED_KINDS.has(fact.kind))) return 0;
  const business = await db.business.findUnique({
    where: { id: businessId },
    select: {
      id: true,
      name: true,
      phone: true,
      address: true,
      openingHours: true,
      website: true,
      user: { select: { id: true, email: true, firstName: true, trackingDigestOffAt: true } },
    },
  });
  if (!business) return 0;
  let sent = 0;
  for (const fact of facts) {
    if (!ALERTED_KINDS.has(fact.kind) || verdictOf(fact, business) !== 'wrong') continue;
    if (fact.kind === 'status' && fact.key !== 'closed') continue;
    // Claimed by its key: a second answer with the same wrong value finds the row and stops.
    const claimed = await db.trackingFactAlert
      .createMany({
        data: [{ businessId, kind: fact.kind, key: fact.key, createdAt: now }],
      })
      .catch((error: unknown) => {
        if (typeof error === 'object' && error && 'code' in error && error.code === 'P2002')
          return { count: 0 };
        throw error;
      });
    if (claimed.count === 0 || business.user.trackingDigestOffAt) continue;
    const yours = yoursOf(fact.kind, business);
    const origin = mailOrigin();
    await sendMail(
      factAlertMail({
        to: business.user.email,
        firstName: business.user.firstName,
        origin,
        business: { id: business.id, name: business.name },
        fact: FACT_WORDS[fact.kind] ?? fact.kind,
        said: fact.value,
        yours: fact.kind === 'phone' && yours ? formatPhone(yours) : (yours ?? 'not given'),
        engine: isEngineId(engine) ? engineName(engine) : engine,
        quote: fact.quote,
        unsubscribeUrl: digestUnsubscribeUrl(origin, business.user.id),
      }),
    );
    sent += 1;
  }
  return sent;
}
