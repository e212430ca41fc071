// What the forgotten-password and account pages say, shared by the pages (in the browser too) and
// the domain code on the server.

export const RESET_REQUESTED_TITLE = 'Check your e-mail';
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that e-mail, we sent it a link to choose a new password. The link works for one hour.';

export type ResetLinkProblem = 'invalid' | 'used' | 'expired';

export const RESET_LINK_MESSAGES: Record<ResetLinkProblem, string> = {
  invalid:
    'This password reset link is not valid. Check that you copied the whole link, or ask for a new one.',
  used: 'This password reset link has already been used. Ask for a new one if you still need it.',
  expired: 'This password reset link has expired: links work for one hour. Ask for a new one.',
};

/** An admin invitation's link past its 7 days (the reset page says this instead). */
export const INVITATION_EXPIRED_MESSAGE =
  'This invitation has expired: invitation links work for 7 days. Ask for a new link with your e-mail below, or ask the admin who invited you.';

/** After an invitee chose their password. */
export const INVITATION_ACCEPTED_TOAST = {
  title: 'Welcome',
  description: 'Your password is set and you are signed in.',
};

/** What a reset ends, said on the reset page and in the reset e-mail (issue 41). */
export const RESET_ENDS_ACCESS =
  'A new password signs out every session and revokes every API key of the account: an assistant or script that used one needs a new key afterwards.';

export const PASSWORD_RESET_TOAST = {
  title: 'Password changed',
  description:
    'Your new password is set and you are signed in. Every other session was signed out and every API key revoked.',
};

export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct';
export const PAID_PLAN_DELETE_MESSAGE =
  'You have an active paid plan. Cancel it under Manage billing first, then delete your account.';
export const LAST_ADMIN_DELETE_MESSAGE =
  'You are the only admin: make another admin before you delete your account.';
export const SESSION_NOT_FOUND_MESSAGE = 'That session has already ended';

/** Signed-in sessions listed per page on /account. */
export const SESSIONS_PER_PAGE = 20;
