import { z } from 'zod';
import { normalizeWebsite, WEBSITE_CREDENTIALS_ERROR, WEBSITE_ERROR } from './business';
import { BUSINESS_LIMITS } from './limits';
import { tooLong } from './text';

// The home page's free check: one field, the website, by the same rules as a business's website
// (a bare "example.com" is taken as https://example.com; no user name or password).

export const WEBSITE_REQUIRED_ERROR = 'Please enter your website address';

export const FreeCheckSchema = z.object({
  website: z
    .string({ error: WEBSITE_REQUIRED_ERROR })
    .trim()
    .min(1, WEBSITE_REQUIRED_ERROR)
    .max(BUSINESS_LIMITS.website, tooLong('Website', BUSINESS_LIMITS.website))
    .transform((value, ctx) => {
      let credentials = false;
      try {
        const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`);
        credentials = url.username !== '' || url.password !== '';
      } catch {
        // Not an address at all: normalizeWebsite says so below.
      }
      if (credentials) {
        ctx.addIssue({ code: 'custom', message: WEBSITE_CREDENTIALS_ERROR });
        return z.NEVER;
      }
      const normalized = normalizeWebsite(value);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: WEBSITE_ERROR });
        return z.NEVER;
      }
      return normalized;
    }),
});

export type FreeCheckInput = z.infer<typeof FreeCheckSchema>;
