// What an admin may read of a stored e-mail (issue 41): the message with its secrets masked, so
// only the recipient's mailbox ever holds a usable link. A reset link's token (or any `token=` of
// a link: the digest's unsubscribe link too) and an API key's secret part are replaced; the rest
// reads as sent, so an admin can still tell what went out and why it failed.

export const MASK = '[hidden]';

const LINK_TOKEN = /([?&](?:amp;)?token=)[^&\s"'<>]+/g;
const API_KEY = /\b(aiv_[0-9a-f]{12}_)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/** The text with every link token and API key secret replaced by MASK. */
export function maskMailSecrets(text: string): string {
  return text.replace(LINK_TOKEN, `$1${MASK}`).replace(API_KEY, `$1${MASK}`);
}
