import { env } from './env.server';
import { parseAllowlist, safeFetch } from './safe-fetch.server';

// How the OAuth authorization server (app/domain/oauth/provider.server.ts, oidc-provider's `fetch`)
// reads a Client ID Metadata Document: the client_id is an https address the client chose, so it
// is fetched like an audit (never our own network, no redirects), 5 seconds, 5 KB, and retried
// once after a short pause when the network or the server (5xx) failed.

export const CLIENT_METADATA_TIMEOUT_MS = 5_000;

export async function fetchClientMetadata(
  url: string | URL | Request,
  {
    retryDelayMs = 250,
    timeoutMs = CLIENT_METADATA_TIMEOUT_MS,
  }: { retryDelayMs?: number; timeoutMs?: number } = {},
): Promise<Response> {
  const address = url instanceof Request ? url.url : String(url);
  const policy = {
    allowPrivateHosts: parseAllowlist(env.AUDIT_ALLOWED_PRIVATE_HOSTS),
    timeoutMs,
    maxBytes: 5 * 1024,
    maxRedirects: 0,
    userAgent: 'AIVisibility-OAuth/1.0',
  };
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await safeFetch(address, policy);
    if (outcome.ok && outcome.status < 500) {
      return new Response(new Uint8Array(outcome.body), {
        status: outcome.status,
        headers: outcome.headers,
      });
    }
    const retryable = outcome.ok || ['timeout', 'connect', 'network'].includes(outcome.code);
    if (!retryable || attempt >= 2) {
      throw new Error(outcome.ok ? `status ${outcome.status}` : outcome.detail);
    }
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs * attempt));
  }
}
