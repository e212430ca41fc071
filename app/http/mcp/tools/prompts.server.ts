import { z } from 'zod';
import {
  addPrompt,
  deletePrompt,
  listPrompts,
  promptLimit,
} from '~/domain/tracking/rounds/prompts.server';
import { PromptSchema } from '~/schemas/tracking';
import { needsWrite, businessId, id, json, readOnly, run, type ToolGroup } from './shared.server';

// list_tracked_prompts, add_tracked_prompt and remove_tracked_prompt: the questions tracked.

export const registerPromptTools: ToolGroup = (server, user) => {
  server.registerTool(
    'list_tracked_prompts',
    {
      title: 'Tracked questions',
      description:
        "The questions tracked for the business (what a customer would ask an AI assistant), oldest first, with their ids (for remove_tracked_prompt), and how many the owner's plan allows.",
      inputSchema: z.strictObject({ businessId }),
      annotations: readOnly,
    },
    ({ businessId: id_ }) =>
      run(async () => {
        const prompts = await listPrompts(user, id_);
        const { limit, tier } = promptLimit(user);
        return json({ plan: tier, limit, prompts });
      }),
  );

  server.registerTool(
    'add_tracked_prompt',
    {
      title: 'Track a question',
      description:
        'Adds a question to track for the business, asked of every AI engine at the plan\'s schedule (e.g. "best emergency plumber in Austin, TX"). Refused past the plan\'s number of tracked questions, or when the business tracks it already.',
      inputSchema: z.strictObject({
        businessId,
        text: PromptSchema.shape.text.describe(
          'The question, as a customer would ask an AI assistant',
        ),
      }),
      scopeChallenge: needsWrite,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    ({ businessId: id_, text }) =>
      run(async () => json({ added: await addPrompt(user, id_, { text }) })),
  );

  server.registerTool(
    'remove_tracked_prompt',
    {
      title: 'Stop tracking a question',
      description:
        'Stops tracking one question of the business (its past answers are kept). Take the promptId from list_tracked_prompts.',
      inputSchema: z.strictObject({
        businessId,
        promptId: id('promptId').describe('The id of the question, from list_tracked_prompts'),
      }),
      scopeChallenge: needsWrite,
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ businessId: id_, promptId }) =>
      run(async () => {
        await deletePrompt(user, id_, promptId);
        return json({ removed: promptId });
      }),
  );
};
