import { db } from '~/lib/db.server';
import { inBackground, sendMail, type Mail } from '~/lib/mail.server';
import {
  accountUnderAttackMail,
  apiKeyCreatedMail,
  appConnectedMail,
  billingNoticeMail,
  type BillingNotice,
  mailOrigin,
  planChangedMail,
  welcomeMail,
  type PlanChange,
} from '~/mail/messages.server';
import { normalizeTier } from './tiers';

// The notices the site sends on its own, each after the change it reports has been stored. None
// holds up the request that caused it (see ~/lib/mail.server).

/** After sign-up. */
export function sendWelcome(
  user: { email: string; firstName: string | null },
  requestOrigin?: string,
) {
  inBackground(() =>
    sendMail(
      welcomeMail({ to: user.email, firstName: user.firstName, origin: mailOrigin(requestOrigin) }),
    ),
  );
}

/** The distributed-guessing ceiling was reached: the owner is told (once per window). */
export function notifyAccountUnderAttack(email: string) {
  console.warn(`Sign-in: ${email} reached the failed sign-in ceiling; telling the owner`);
  inBackground(async () => {
    const user = await db.user.findUnique({
      where: { email },
      select: { email: true, firstName: true },
    });
    if (!user) return;
    await sendMail(
      accountUnderAttackMail({ to: user.email, firstName: user.firstName, origin: mailOrigin() }),
    );
  });
}

/** A plan started, changed or ended (the payments code calls this once the change is stored). */
export function notifyPlanChange(userId: string, change: PlanChange, requestOrigin?: string) {
  if (normalizeTier(change.from) === normalizeTier(change.to)) return;
  mailUser(userId, (user) =>
    planChangedMail({ ...user, change, origin: mailOrigin(requestOrigin) }),
  );
}

/** A cancel, a resume, or a plan change scheduled or dropped (once it is stored). */
export function notifyBilling(userId: string, notice: BillingNotice, requestOrigin?: string) {
  mailUser(userId, (user) =>
    billingNoticeMail({ ...user, notice, origin: mailOrigin(requestOrigin) }),
  );
}

/** An API key was made (once it is stored): the owner is told its name, so a stranger's shows. */
export function notifyApiKeyCreated(
  userId: string,
  key: { name: string; prefix: string; createdAt: Date },
) {
  mailUser(userId, (user) => apiKeyCreatedMail({ ...user, key, origin: mailOrigin() }));
}

/** The owner allowed an app on the OAuth consent page (a first connection of that app). */
export function notifyAppConnected(userId: string, appName: string, scopes: string[]) {
  mailUser(userId, (user) => appConnectedMail({ ...user, appName, scopes, origin: mailOrigin() }));
}

/** Sends the owner of `userId` the message `build` makes for them, in the background. */
function mailUser(userId: string, build: (user: { to: string; firstName: string | null }) => Mail) {
  inBackground(async () => {
    const user = await db.user.findUnique({
      where: { id: userId },
      select: { email: true, firstName: true },
    });
    if (!user) return;
    await sendMail(build({ to: user.email, firstName: user.firstName }));
  });
}
