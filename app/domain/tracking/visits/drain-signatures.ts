import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify } from 'jose';

// The signatures log drains put on what they send, checked against the drain's signing secret:
// - Vercel: `x-vercel-signature`, the HMAC-SHA1 of the raw body with the secret, in hex.
// - Netlify: `x-netlify-signature`, a JWS (HS256, signed with the secret) whose claims are
//   `iss: "netlify"` and `sha256`, the SHA-256 of the raw body in hex (the scheme of Netlify's
//   signed notifications).
// A drain whose token has no secret sends no signature we could check, and none is asked for.

export type SignatureCheck =
  | { ok: true; by: 'vercel' | 'netlify' | 'none' }
  | { ok: false; status: 401 | 403; message: string };

export const SIGNATURE_MISSING_MESSAGE =
  'This drain has a signing secret, and the request carries no x-vercel-signature or x-netlify-signature header: nothing was counted.';
export const SIGNATURE_WRONG_MESSAGE =
  "The request's signature does not match this drain's signing secret: nothing was counted. Check the secret on the crawler visits page.";

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export function vercelSignature(body: Uint8Array, secret: string): string {
  return createHmac('sha1', secret).update(body).digest('hex');
}

async function netlifySignatureMatches(token: string, body: Uint8Array, secret: string) {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer: 'netlify',
    });
    const digest = createHash('sha256').update(body).digest('hex');
    return typeof payload.sha256 === 'string' && sameText(payload.sha256.toLowerCase(), digest);
  } catch (error) {
    if (error instanceof errors.JOSEError) return false;
    throw error;
  }
}

/** The signature headers a drain's request carried (null: not sent). */
export type DrainSignatures = { vercel: string | null; netlify: string | null };

/** Whether a drain's request is signed by the holder of `secret` (null: no secret, no check). */
export async function checkDrainSignature(
  signatures: DrainSignatures,
  body: Uint8Array,
  secret: string | null,
): Promise<SignatureCheck> {
  if (!secret) return { ok: true, by: 'none' };
  const { vercel, netlify } = signatures;
  if (vercel !== null) {
    return sameText(vercel.trim().toLowerCase(), vercelSignature(body, secret))
      ? { ok: true, by: 'vercel' }
      : { ok: false, status: 403, message: SIGNATURE_WRONG_MESSAGE };
  }
  if (netlify !== null) {
    return (await netlifySignatureMatches(netlify.trim(), body, secret))
      ? { ok: true, by: 'netlify' }
      : { ok: false, status: 403, message: SIGNATURE_WRONG_MESSAGE };
  }
  return { ok: false, status: 401, message: SIGNATURE_MISSING_MESSAGE };
}
