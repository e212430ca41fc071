import { db } from '~/lib/db.server';
import { notifyAppConnected } from '../notices.server';
import { OAUTH_SCOPES, oauthProvider, resourceFor, type OAuthScope } from './provider.server';
import { recordKey } from './store.server';

// The owner's consent (app/routes/oauth.consent.$uid.tsx): what the page shows of a pending
// authorization request, and the owner's answer, handed back to oidc-provider as the
// interaction's result. The browser then goes back to the provider (`returnTo`), which checks its
// own cookie (set when this request began in this browser) before it issues a code.

export type ConsentRequest = {
  uid: string;
  clientId: string;
  clientName: string;
  /** The client's site (client_uri), else the host of its metadata document or redirect URI. */
  clientSite: string | null;
  /** Where the app sends the browser back to (its host is shown). */
  redirectHost: string | null;
  /** The origin of that address (the page's form-action must allow it). */
  redirectOrigin: string | null;
  scopes: OAuthScope[];
  /** Every scope the request named that the authorization server knows. */
  asked: string[];
};

/** The scopes asked for that we know; nothing asked for means `read` alone. */
export function requestedScopes(scope: unknown): OAuthScope[] {
  const asked = typeof scope === 'string' ? scope.split(/\s+/) : [];
  const known = OAUTH_SCOPES.filter((name) => asked.includes(name));
  return known.length ? known : ['read'];
}

function hostOf(uri: unknown): string | null {
  return typeof uri === 'string' ? (URL.parse(uri)?.host ?? null) : null;
}

/** The pending request `uid`, or null when it is unknown or expired (10 minutes). */
export async function consentRequest(origin: string, uid: string): Promise<ConsentRequest | null> {
  const provider = oauthProvider(origin);
  const interaction = await provider.Interaction.find(uid);
  if (!interaction) return null;
  const clientId = String(interaction.params.client_id ?? '');
  const client = clientId ? await provider.Client.find(clientId).catch(() => undefined) : undefined;
  if (!client) return null;
  const clientUri = typeof client.clientUri === 'string' ? client.clientUri : null;
  return {
    uid,
    clientId,
    clientName: client.clientName ?? clientId,
    clientSite: clientUri ?? (clientId.startsWith('https://') ? hostOf(clientId) : null),
    redirectHost: hostOf(interaction.params.redirect_uri),
    redirectOrigin:
      typeof interaction.params.redirect_uri === 'string'
        ? (URL.parse(interaction.params.redirect_uri)?.origin ?? null)
        : null,
    scopes: requestedScopes(interaction.params.scope),
    asked: String(interaction.params.scope ?? '')
      .split(/\s+/)
      .filter((name) => ['openid', 'offline_access', ...OAUTH_SCOPES].includes(name)),
  };
}

async function finish(origin: string, uid: string, result: Record<string, unknown>) {
  const provider = oauthProvider(origin);
  const interaction = await provider.Interaction.find(uid);
  if (!interaction) return null;
  interaction.result = result;
  const left = interaction.exp - Math.floor(Date.now() / 1000);
  await interaction.save(Math.max(1, left));
  return interaction.returnTo;
}

/**
 * The owner allowed the app: one grant per owner and app (an existing one gains the scopes), the
 * client kept for good (it no longer expires unused), an e-mail on a first connection. Returns
 * where the browser goes next, or null when the request expired meanwhile.
 */
export async function allowConsent(
  origin: string,
  uid: string,
  user: { id: string },
): Promise<string | null> {
  const provider = oauthProvider(origin);
  const request = await consentRequest(origin, uid);
  if (!request) return null;
  const resource = resourceFor(provider.issuer);
  const existing = await db.oAuthRecord.findFirst({
    where: { kind: 'Grant', userId: user.id, clientId: request.clientId },
    select: { grantId: true },
  });
  const found = existing?.grantId ? await provider.Grant.find(existing.grantId) : undefined;
  const grant = found ?? new provider.Grant({ accountId: user.id, clientId: request.clientId });
  grant.addResourceScope(resource, request.scopes.join(' '));
  // What the request asked of the authorization server itself (offline_access for refresh
  // tokens, the scope names as registered), so it needs no second consent.
  grant.addOIDCScope(request.asked.join(' '));
  const grantId = await grant.save();
  await db.oAuthRecord.update({
    where: { key: recordKey('Grant', grantId) },
    data: {
      clientName: request.clientName,
      clientUri: request.clientSite,
      scope: grant.getResourceScope(resource) || request.scopes.join(' '),
    },
  });
  await db.oAuthRecord.updateMany({
    where: { key: recordKey('Client', request.clientId) },
    data: { expiresAt: null },
  });
  if (!found) notifyAppConnected(user.id, request.clientName, request.scopes);
  return finish(origin, uid, { login: { accountId: user.id }, consent: { grantId } });
}

/** The owner said no: the app gets `access_denied` at its redirect URI. */
export function denyConsent(origin: string, uid: string): Promise<string | null> {
  return finish(origin, uid, {
    error: 'access_denied',
    error_description: 'The owner did not allow this app to connect.',
  });
}
