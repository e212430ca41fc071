import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RESET_ENDS_ACCESS } from '~/content/account';
import { SITE_NAME } from '~/content/pages';
import { formatPrice, getPlan } from '~/content/plans';
import { DEFAULT_TIME_ZONE, formatLongDate } from '~/domain/dates';
import { TIER_LABELS, normalizeTier } from '~/domain/tiers';
import { env } from '~/lib/env.server';
import type { Mail, MailKind } from '~/lib/mail.server';

// The messages the site sends: plain text, and simple HTML rendered by React (so every value is
// escaped), each with the site's name and absolute links built on the public address.

/** The public address links point at: PUBLIC_URL (required in production), else the request's. */
export function mailOrigin(requestOrigin?: string): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  return requestOrigin ?? `http://localhost:${process.env.PORT ?? 3000}`;
}

type Paragraph = string | { link: string; label: string };

export function greeting(firstName: string | null | undefined) {
  return firstName ? `Hi ${firstName},` : 'Hello,';
}

export function Layout({
  title,
  origin,
  children,
}: {
  title: string;
  origin: string;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body
        style={{ fontFamily: 'Arial, Helvetica, sans-serif', color: '#0f172a', lineHeight: 1.5 }}
      >
        <div style={{ maxWidth: 560, margin: '0 auto', padding: 24 }}>
          <p style={{ fontWeight: 700, fontSize: 18, color: '#1d4ed8' }}>{SITE_NAME}</p>
          {children}
          <hr style={{ border: 0, borderTop: '1px solid #cbd5e1', margin: '24px 0' }} />
          <p style={{ fontSize: 13, color: '#475569' }}>
            {SITE_NAME} · <a href={origin}>{origin.replace(/^https?:\/\//, '')}</a>
          </p>
        </div>
      </body>
    </html>
  );
}

/** One message from its paragraphs: the same words in the text and the HTML part. */
function compose(
  kind: MailKind,
  to: string,
  subject: string,
  origin: string,
  paragraphs: Paragraph[],
): Mail {
  const text = [
    ...paragraphs.map((p) => (typeof p === 'string' ? p : `${p.label}:\n${p.link}`)),
    `— ${SITE_NAME}\n${origin}`,
  ].join('\n\n');
  const html =
    '<!DOCTYPE html>' +
    renderToStaticMarkup(
      <Layout title={subject} origin={origin}>
        {paragraphs.map((p, index) =>
          typeof p === 'string' ? (
            <p key={index}>{p}</p>
          ) : (
            <p key={index}>
              <a
                href={p.link}
                style={{
                  display: 'inline-block',
                  background: '#1d4ed8',
                  color: '#ffffff',
                  padding: '10px 16px',
                  borderRadius: 6,
                  textDecoration: 'none',
                  fontWeight: 700,
                }}
              >
                {p.label}
              </a>
              <br />
              <span style={{ fontSize: 13, color: '#475569' }}>
                Or paste this address into your browser: {p.link}
              </span>
            </p>
          ),
        )}
      </Layout>,
    );
  return { kind, to, subject, text, html };
}

export const RESET_LINK_MINUTES = 60;

export function passwordResetMail(input: {
  to: string;
  firstName: string | null;
  origin: string;
  token: string;
}): Mail {
  const link = `${input.origin}/reset-password?${new URLSearchParams({ token: input.token })}`;
  return compose('password_reset', input.to, `Reset your ${SITE_NAME} password`, input.origin, [
    greeting(input.firstName),
    `Someone, hopefully you, asked to reset the password of your ${SITE_NAME} account. Open this link within one hour to choose a new one.`,
    { link, label: 'Choose a new password' },
    RESET_ENDS_ACCESS,
    'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  ]);
}

export const INVITATION_LINK_DAYS = 7;

/** An admin invited someone to be an admin: they choose their own password from the link. */
export function adminInvitationMail(input: {
  to: string;
  firstName: string | null;
  invitedBy: string;
  origin: string;
  token: string;
  /** Sent again from the Users tab: the links sent before no longer work. */
  resent?: boolean;
}): Mail {
  const link = `${input.origin}/reset-password?${new URLSearchParams({ token: input.token })}`;
  return compose(
    'admin_invitation',
    input.to,
    `You are invited to run ${SITE_NAME}`,
    input.origin,
    [
      greeting(input.firstName),
      `${input.invitedBy} made you an admin of ${SITE_NAME}. Open this link within ${INVITATION_LINK_DAYS} days to choose your password; then sign in with ${input.to}.`,
      { link, label: 'Choose your password' },
      ...(input.resent
        ? ['This is a new link: the links in the invitations sent before no longer work.']
        : []),
      'The link works once. If you did not expect this, ignore this e-mail: nobody can sign in to the account until a password is chosen from it.',
    ],
  );
}

/** An API key was made: the owner hears of it, by its name (issue 41). */
export function apiKeyCreatedMail(input: {
  to: string;
  firstName: string | null;
  origin: string;
  key: { name: string; prefix: string; createdAt: Date };
}): Mail {
  return compose(
    'api_key_created',
    input.to,
    `A new API key for your ${SITE_NAME} account: ${input.key.name}`,
    input.origin,
    [
      greeting(input.firstName),
      `An API key named "${input.key.name}" (${input.key.prefix}…) was made for your ${SITE_NAME} account on ${formatDate(input.key.createdAt)}. It acts as you on the API and the MCP server: it reads your businesses and figures and adds or removes tracked prompts.`,
      'If you did not make it, revoke it now under Account settings → API keys, and change your password.',
      { link: `${input.origin}/account`, label: 'Review your API keys' },
    ],
  );
}

export function welcomeMail(input: { to: string; firstName: string | null; origin: string }): Mail {
  return compose('welcome', input.to, `Welcome to ${SITE_NAME}`, input.origin, [
    greeting(input.firstName),
    `Your ${SITE_NAME} account is ready. Add your businesses in the dashboard and run the free AI visibility check to see how AI assistants describe you today.`,
    { link: `${input.origin}/dashboard`, label: 'Open your dashboard' },
    `Your account settings, sessions and data are at ${input.origin}/account.`,
  ]);
}

export function emailChangedMail(input: {
  to: string;
  firstName: string | null;
  newEmail: string;
  origin: string;
}): Mail {
  return compose(
    'email_changed',
    input.to,
    `Your ${SITE_NAME} e-mail address was changed`,
    input.origin,
    [
      greeting(input.firstName),
      `The e-mail address of your ${SITE_NAME} account was changed from ${input.to} to ${input.newEmail}. From now on you sign in with the new address, and our messages go there.`,
      'If you did not make this change, someone else may have your password. Write to us straight away so we can secure your account.',
      { link: `${input.origin}/contact`, label: 'Contact us' },
    ],
  );
}

export function passwordChangedMail(input: {
  to: string;
  firstName: string | null;
  origin: string;
}): Mail {
  return compose(
    'password_changed',
    input.to,
    `Your ${SITE_NAME} password was changed`,
    input.origin,
    [
      greeting(input.firstName),
      `The password of your ${SITE_NAME} account was just changed, and every other signed-in device was signed out.`,
      'If you did not make this change, reset your password now.',
      { link: `${input.origin}/forgot-password`, label: 'Reset your password' },
    ],
  );
}

/** A plan that started, changed or ended; `paidThrough`: the end of the period paid for. */
export type PlanChange = { from: string; to: string; paidThrough: Date | null };

/** What the owner is told besides a plan change: a cancel, its undoing, a change scheduled or dropped. */
export type BillingNotice =
  | { kind: 'cancelled'; tier: string; endsAt: Date | null; dropped: string | null }
  | { kind: 'resumed'; tier: string; renewsAt: Date | null }
  | { kind: 'scheduled'; from: string; to: string; at: Date }
  | { kind: 'unscheduled'; tier: string; dropped: string; renewsAt: Date | null };

/** An e-mail does not know its reader's time zone: its dates are UTC days, and say so. */
function formatDate(date: Date) {
  return `${formatLongDate(date, DEFAULT_TIME_ZONE)} (UTC)`;
}

export function planChangedMail(input: {
  to: string;
  firstName: string | null;
  change: PlanChange;
  origin: string;
}): Mail {
  const from = TIER_LABELS[normalizeTier(input.change.from)];
  const to = TIER_LABELS[normalizeTier(input.change.to)];
  const ended = normalizeTier(input.change.to) === 'free';
  const started = normalizeTier(input.change.from) === 'free';
  const subject = ended
    ? `Your ${SITE_NAME} ${from} plan has ended`
    : started
      ? `Your ${SITE_NAME} ${to} plan has started`
      : `Your ${SITE_NAME} plan changed to ${to}`;
  const summary = ended
    ? `Your ${from} plan has ended and your account is now on the Free plan. Your businesses are kept; premium tools are locked until you choose a plan again.`
    : started
      ? `Thank you: your ${to} plan is active.`
      : `Your plan changed from ${from} to ${to}.`;
  const paidUntil =
    !ended && input.change.paidThrough
      ? [`Paid through: ${formatDate(input.change.paidThrough)} (it renews unless you cancel).`]
      : [];
  return compose('plan_changed', input.to, subject, input.origin, [
    greeting(input.firstName),
    summary,
    `Plan: ${to}`,
    ...paidUntil,
    'Invoices, your card and cancelling are under Manage billing in your dashboard.',
    { link: `${input.origin}/dashboard`, label: 'Open your dashboard' },
  ]);
}

const planName = (tier: string) => TIER_LABELS[normalizeTier(tier)];
const monthly = (tier: string) => {
  const normal = normalizeTier(tier);
  return normal === 'free' ? null : `${formatPrice(getPlan(normal).monthlyPrice)} a month`;
};
const FREE_AFTERWARDS =
  'Then your account moves to the Free plan: your businesses are kept, and premium tools are locked until you choose a plan again.';

/** A cancel, a resume, or a plan change scheduled or dropped: what happens, and when. */
export function billingNoticeMail(input: {
  to: string;
  firstName: string | null;
  notice: BillingNotice;
  origin: string;
}): Mail {
  const { notice } = input;
  const dashboard = { link: `${input.origin}/dashboard#billing`, label: 'Open billing' };
  const on = (date: Date | null) => (date ? formatDate(date) : 'the end of the period');
  switch (notice.kind) {
    case 'cancelled':
      return compose(
        'plan_cancelled',
        input.to,
        `Your ${SITE_NAME} ${planName(notice.tier)} plan is cancelled`,
        input.origin,
        [
          greeting(input.firstName),
          `Your ${planName(notice.tier)} plan is cancelled. It stays active until ${on(notice.endsAt)}, the end of the period you paid for, and nothing more is charged.`,
          FREE_AFTERWARDS,
          ...(notice.dropped
            ? [`Your scheduled move to ${planName(notice.dropped)} will not happen.`]
            : []),
          `Changed your mind? Resume the plan on your dashboard before ${on(notice.endsAt)} and it renews as before.`,
          dashboard,
        ],
      );
    case 'resumed':
      return compose(
        'plan_resumed',
        input.to,
        `Your ${SITE_NAME} ${planName(notice.tier)} plan will renew`,
        input.origin,
        [
          greeting(input.firstName),
          `Your ${planName(notice.tier)} plan is no longer cancelled: it renews on ${on(notice.renewsAt)} at ${monthly(notice.tier)}.`,
          'Invoices, your card and cancelling are under billing in your dashboard.',
          dashboard,
        ],
      );
    case 'scheduled':
      return compose(
        'plan_change_scheduled',
        input.to,
        `Your ${SITE_NAME} plan changes to ${planName(notice.to)} on ${formatLongDate(notice.at, DEFAULT_TIME_ZONE)}`,
        input.origin,
        [
          greeting(input.firstName),
          `You keep ${planName(notice.from)} until ${on(notice.at)}, the end of the period you paid for. Then your plan changes to ${planName(notice.to)} (${monthly(notice.to)}). Nothing is charged today.`,
          `To stay on ${planName(notice.from)}, cancel the change on your dashboard before then.`,
          dashboard,
        ],
      );
    case 'unscheduled':
      return compose(
        'plan_change_cancelled',
        input.to,
        `Your ${SITE_NAME} move to ${planName(notice.dropped)} is cancelled`,
        input.origin,
        [
          greeting(input.firstName),
          `Your scheduled move to ${planName(notice.dropped)} will not happen: you stay on ${planName(notice.tier)}, which renews on ${on(notice.renewsAt)} at ${monthly(notice.tier)}.`,
          dashboard,
        ],
      );
  }
}

export function accountUnderAttackMail(input: {
  to: string;
  firstName: string | null;
  origin: string;
}): Mail {
  return compose(
    'account_under_attack',
    input.to,
    `Unusual sign-in attempts on your ${SITE_NAME} account`,
    input.origin,
    [
      greeting(input.firstName),
      `In the last 15 minutes there were many failed attempts to sign in to your ${SITE_NAME} account from different places. We are turning those places away; you can still sign in as usual with your password.`,
      'If your password is short or used on other sites, change it now.',
      { link: `${input.origin}/account`, label: 'Change your password' },
    ],
  );
}

/** An app was connected to the account through OAuth (the consent page's Allow). */
export function appConnectedMail(input: {
  to: string;
  firstName: string | null;
  origin: string;
  appName: string;
  scopes: string[];
}): Mail {
  const reach = input.scopes.includes('write')
    ? 'read your businesses and figures, add or remove tracked questions and run audits'
    : 'read your businesses and figures';
  return compose(
    'app_connected',
    input.to,
    `${input.appName} was connected to your ${SITE_NAME} account`,
    input.origin,
    [
      greeting(input.firstName),
      `You allowed “${input.appName}” to ${reach} through our MCP server.`,
      'If this was not you, disconnect it now and change your password.',
      { link: `${input.origin}/account/connected-apps`, label: 'See your connected apps' },
    ],
  );
}
