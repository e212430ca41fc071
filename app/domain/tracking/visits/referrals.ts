// Visits that came from an AI assistant: the Referer is one of the assistants' hosts, or the
// landing address carries `utm_source=chatgpt.com` (ChatGPT adds it to the links it shows; many
// assistant visits arrive with no Referer at all, so these are a floor). Pure.

/** Assistant hosts (and their subdomains) → the assistant's name. */
export const ASSISTANT_HOSTS: ReadonlyArray<readonly [string, string]> = [
  ['chatgpt.com', 'ChatGPT'],
  ['chat.openai.com', 'ChatGPT'],
  ['perplexity.ai', 'Perplexity'],
  ['gemini.google.com', 'Gemini'],
  ['bard.google.com', 'Gemini'],
  ['copilot.microsoft.com', 'Microsoft Copilot'],
  ['copilot.cloud.microsoft', 'Microsoft Copilot'],
  ['claude.ai', 'Claude'],
  ['you.com', 'You.com'],
  ['chat.deepseek.com', 'DeepSeek'],
  ['meta.ai', 'Meta AI'],
  ['chat.mistral.ai', 'Mistral Le Chat'],
  ['grok.com', 'Grok'],
  ['phind.com', 'Phind'],
];

/** `utm_source` values the assistants put on their links. */
export const UTM_SOURCES: ReadonlyMap<string, string> = new Map([
  ['chatgpt.com', 'ChatGPT'],
  ['chatgpt', 'ChatGPT'],
  ['openai', 'ChatGPT'],
  ['perplexity', 'Perplexity'],
  ['perplexity.ai', 'Perplexity'],
  ['copilot.com', 'Microsoft Copilot'],
  ['claude.ai', 'Claude'],
  ['gemini', 'Gemini'],
]);

function hostOf(referer: string): string | null {
  const text = referer.trim();
  if (!text || text === '-') return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname
      .toLowerCase()
      .replace(/\.$/, '');
  } catch {
    return null;
  }
}

// Most Referers in a log name no assistant: one test for any assistant's domain in the text
// turns them away before the address is parsed (a Referer whose host is an assistant's, or one
// of its subdomains, always contains that domain).
const ANY_ASSISTANT = new RegExp(
  ASSISTANT_HOSTS.map(([domain]) => domain.replace(/[.]/g, '\\.')).join('|'),
  'i',
);

const UTM_SOURCE = /utm_source=/i;

/**
 * Whether a visit with this Referer text and path could be a referral: false means assistantOf
 * gives null for them (it is true for every pair assistantOf accepts, and for a few more).
 */
export function mayBeReferral(referer: string, path: string): boolean {
  return mayBeReferralFrom(referer) || UTM_SOURCE.test(path);
}

/** Whether a Referer text could name an assistant: false means assistantOfReferer gives null. */
export const mayBeReferralFrom = (referer: string): boolean => ANY_ASSISTANT.test(referer);

/** The assistant a Referer header names, or null. */
export function assistantOfReferer(referer: string | null | undefined): string | null {
  if (!referer || !ANY_ASSISTANT.test(referer)) return null;
  const host = hostOf(referer);
  if (!host) return null;
  for (const [domain, name] of ASSISTANT_HOSTS) {
    if (host === domain || host.endsWith(`.${domain}`)) return name;
  }
  return null;
}

/** The assistant a landing path's `utm_source` names ("/?utm_source=chatgpt.com"), or null. */
export function assistantOfLanding(path: string | null | undefined): string | null {
  if (!path) return null;
  const query = path.indexOf('?');
  if (query < 0 || !UTM_SOURCE.test(path)) return null;
  const source = new URLSearchParams(path.slice(query + 1)).get('utm_source');
  return source ? (UTM_SOURCES.get(source.trim().toLowerCase()) ?? null) : null;
}

/** The assistant a visit came from, by Referer first, then by the landing address. */
export function assistantOf(referer: string | null | undefined, path: string | null | undefined) {
  return assistantOfReferer(referer) ?? assistantOfLanding(path);
}
