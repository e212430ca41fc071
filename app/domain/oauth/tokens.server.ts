import { db } from '~/lib/db.server';
import { publicUserSelect, toPublicUser, type PublicUser } from '../accounts.server';
import { oauthProvider, resourceFor } from './provider.server';

// The resource server's half: is this bearer token an access token we issued for /mcp?

export type OAuthCaller = {
  user: PublicUser;
  grantId: string;
  clientId: string;
  scopes: string[];
};

/**
 * The caller behind an OAuth access token, or null when the token is unknown, expired, revoked
 * (its grant disconnected: the token row went with it) or issued for another resource (audience).
 */
export async function verifyAccessToken(
  origin: string,
  token: string,
): Promise<OAuthCaller | null> {
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
  const provider = oauthProvider(origin);
  const accessToken = await provider.AccessToken.find(token);
  if (!accessToken || accessToken.isExpired) return null;
  const audience: unknown = accessToken.aud;
  const audiences = Array.isArray(audience) ? audience : [audience];
  if (!audiences.includes(resourceFor(provider.issuer))) return null;
  const { accountId, grantId, clientId } = accessToken;
  if (!accountId || !grantId || !clientId) return null;
  const row = await db.user.findUnique({ where: { id: accountId }, select: publicUserSelect });
  if (!row) return null;
  return {
    user: toPublicUser(row),
    grantId,
    clientId,
    scopes: (accessToken.scope ?? '').split(' ').filter(Boolean),
  };
}
