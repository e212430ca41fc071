import { z } from 'zod';
import { website } from './business';
import { TRACKING_LIMITS } from './limits';
import { printable, tooLong } from './text';

// Tracking's payloads, shared by the visibility page's forms (conform), their actions and the JSON
// API. A prompt goes to the engines exactly as the owner wrote it (trimmed, on one line).

export { TRACKING_LIMITS };

export const PROMPT_REQUIRED = 'Please enter the question a customer would ask';

export const PromptSchema = z.object({
  text: z
    .string({ error: PROMPT_REQUIRED })
    .trim()
    .min(1, PROMPT_REQUIRED)
    .min(
      TRACKING_LIMITS.promptMin,
      `The question must be at least ${TRACKING_LIMITS.promptMin} characters`,
    )
    .max(TRACKING_LIMITS.prompt, tooLong('The question', TRACKING_LIMITS.prompt))
    .refine(...printable('The question'))
    .transform((value) => value.replace(/\s+/g, ' ')),
});

export const COMPETITOR_REQUIRED = "Please enter the competitor's name";

export const CompetitorSchema = z.object({
  name: z
    .string({ error: COMPETITOR_REQUIRED })
    .trim()
    .min(1, COMPETITOR_REQUIRED)
    .max(TRACKING_LIMITS.competitor, tooLong("The competitor's name", TRACKING_LIMITS.competitor))
    .refine(...printable("The competitor's name"))
    .transform((value) => value.replace(/\s+/g, ' ')),
  /** Optional: its pages count as a competitor's site on the sources report. */
  website: website.nullish().transform((value) => value ?? null),
});

export type PromptInput = z.infer<typeof PromptSchema>;
export type CompetitorInput = z.infer<typeof CompetitorSchema>;

// The owner's corrections to the names the answers were read for (hide one, merge two).
const correctedName = (what: string) =>
  z
    .string({ error: `Please choose ${what}` })
    .trim()
    .min(1, `Please choose ${what}`)
    .max(TRACKING_LIMITS.competitor, tooLong('The name', TRACKING_LIMITS.competitor))
    .refine(...printable('The name'))
    .transform((value) => value.replace(/\s+/g, ' '));

export const NameCorrectionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('hide'), name: correctedName('the name to hide') }),
    z.object({
      action: z.literal('merge'),
      name: correctedName('the name to merge'),
      into: correctedName('the name to merge it into'),
    }),
  ],
  { error: 'The action must be "hide" or "merge"' },
);

export type NameCorrectionInput = z.infer<typeof NameCorrectionSchema>;

// The owner's kind for a cited site of one business (issue 46): over the vendored list's, or
// "auto" to go back to the list's.
export const SOURCE_KIND_CHOICES = ['directory', 'social', 'news', 'forum', 'other'] as const;
export const SOURCE_KIND_ERROR = 'Please choose a kind from the list';
export const SourceKindSchema = z.object({
  domain: z
    .string({ error: 'Please choose a site' })
    .trim()
    .toLowerCase()
    .min(1, 'Please choose a site')
    .max(253, 'Please choose a site from the list'),
  kind: z.enum([...SOURCE_KIND_CHOICES, 'auto'], { error: SOURCE_KIND_ERROR }),
});
export type SourceKindInput = z.infer<typeof SourceKindSchema>;
