import { z } from 'zod';
import { printable, tooLong } from './text';

// The crawler visits page's log drain forms: make a drain address (with the drain's signing
// secret and Vercel's verification code when the owner has them), set its signing secret later.

export const DRAIN_SECRET_MAX_LENGTH = 200;
export const DRAIN_VERIFY_CODE_MAX_LENGTH = 200;

const signingSecret = z
  .string()
  .trim()
  .max(DRAIN_SECRET_MAX_LENGTH, tooLong('Signing secret', DRAIN_SECRET_MAX_LENGTH))
  .refine(...printable('Signing secret'))
  .refine((value) => !/\s/.test(value), 'A signing secret has no spaces')
  .optional();

export const DrainCreateSchema = z.object({
  signingSecret,
  verifyCode: z
    .string()
    .trim()
    .max(DRAIN_VERIFY_CODE_MAX_LENGTH, tooLong('Verification code', DRAIN_VERIFY_CODE_MAX_LENGTH))
    .refine((value) => /^[\x21-\x7e]*$/.test(value), 'A verification code has no spaces or accents')
    .optional(),
});

export const DrainSecretSchema = z.object({
  tokenId: z.string({ error: 'Choose a drain' }).trim().min(1, 'Choose a drain').max(64),
  signingSecret,
});

export const DrainRevokeSchema = z.object({
  tokenId: z.string({ error: 'Choose a drain' }).trim().min(1, 'Choose a drain').max(64),
});
