import { isDomainError } from '~/domain/errors';
import {
  correctName,
  listNameCorrections,
  undoNameCorrection,
} from '~/domain/tracking/corrections/corrections.server';
import type { PublicUser } from '~/domain/accounts.server';
import { NameCorrectionSchema, TRACKING_LIMITS } from '~/schemas/tracking';

// The visibility page's corrections to the names the answers were read for: the list with its
// undo buttons, the confirmation a hide waits for (?hide=<name>, so it works without
// JavaScript), and the three plain-POST intents.

export async function correctionsOnPage(owner: Pick<PublicUser, 'id'>, id: string, url: URL) {
  const hide = url.searchParams.get('hide')?.trim().slice(0, TRACKING_LIMITS.competitor) || null;
  return { items: await listNameCorrections(owner, id), hiding: hide };
}

type Done = { ok: boolean; title: string; description: string };

export async function correctionAction(
  owner: Pick<PublicUser, 'id'>,
  id: string,
  intent: 'hide-name' | 'merge-name' | 'undo-correction',
  form: FormData,
): Promise<Done> {
  try {
    if (intent === 'undo-correction') {
      const undone = await undoNameCorrection(owner, id, String(form.get('correctionId') ?? ''));
      return {
        ok: true,
        title: undone.action === 'hide' ? 'Name shown again' : 'Names counted apart again',
        description: undone.into ? `${undone.name} and ${undone.into.name}` : undone.name,
      };
    }
    const parsed = NameCorrectionSchema.safeParse({
      action: intent === 'hide-name' ? 'hide' : 'merge',
      name: form.get('name') ?? undefined,
      into: form.get('into') ?? undefined,
    });
    if (!parsed.success)
      return {
        ok: false,
        title: intent === 'hide-name' ? 'Not hidden' : 'Not merged',
        description: parsed.error.issues[0]?.message ?? 'Please choose a name',
      };
    const done = await correctName(owner, id, parsed.data);
    return done.into
      ? {
          ok: true,
          title: 'Names merged',
          description: `${done.name} now counts as ${done.into.name} in every figure, past answers included.`,
        }
      : {
          ok: true,
          title: 'Name hidden',
          description: `${done.name} no longer counts as a business in any figure, past answers included.`,
        };
  } catch (error) {
    // Someone else's business stays a 404 (the page's action turns it into one).
    if (!isDomainError(error) || error.code === 'not_found') throw error;
    return {
      ok: false,
      title:
        intent === 'undo-correction'
          ? 'Not undone'
          : intent === 'hide-name'
            ? 'Not hidden'
            : 'Not merged',
      description: error.message,
    };
  }
}
