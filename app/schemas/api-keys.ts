import { z } from 'zod';
import { printable, tooLong } from './text';

// An API key's name (the settings page's form and POST /api/account/api-keys).

export const API_KEY_NAME_MAX_LENGTH = 60;

export const ApiKeyCreateSchema = z.object({
  name: z
    .string({ error: 'Give the key a name' })
    .trim()
    .min(1, 'Give the key a name')
    .max(API_KEY_NAME_MAX_LENGTH, tooLong('Name', API_KEY_NAME_MAX_LENGTH))
    .refine(...printable('Name')),
});
