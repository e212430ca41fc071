import { Form, Link, useNavigation } from 'react-router';
import { useDates } from '~/components/time-zone';
import { buttonStyles } from '~/components/ui/styles';
import { UrlDialog } from '~/components/ui/url-dialog';
import type { AdminUserView } from '~/domain/admin.server';
import { normalizeTier, TIER_LABELS, type Tier } from '~/domain/tiers';

export type PlanChangeRequest = { user: AdminUserView; to: Tier; refusal: string | null };

/**
 * The plan select's confirmation, addressed by `?changePlan=<id>&plan=<tier>`: what changing the
 * plan does (access now; nothing billed), or why it cannot be changed here (a subscription bills
 * it). Nothing changes until 'Change plan' posts. A URL dialog: an open panel without JavaScript,
 * a modal with it.
 */
export function ChangePlanDialog({
  change,
  cancelTo,
}: {
  change: PlanChangeRequest;
  cancelTo: string;
}) {
  const { user, to, refusal } = change;
  const dates = useDates();
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'set-tier';
  const from = normalizeTier(user.subscriptionStatus);
  const expiry = dates.longDate(user.subscriptionExpiry);
  const effect =
    to === 'free'
      ? `${user.email} loses premium tools at once; their businesses are kept.`
      : `${user.email} gets ${TIER_LABELS[to]}'s features at once, ${
          expiry
            ? `until ${expiry} (their expiry: change it with Edit)`
            : 'with no expiry (set one with Edit)'
        }.`;
  return (
    <UrlDialog
      id="change-plan"
      title={`Change the plan of ${user.email}`}
      cancelTo={cancelTo}
      testId="change-plan-dialog"
    >
      {refusal ? (
        <>
          <p role="alert" className="text-sm text-red-900">
            {refusal}
          </p>
          <Close to={cancelTo} />
        </>
      ) : from === to ? (
        <>
          <p className="text-sm text-slate-700">{TIER_LABELS[to]} is already their plan.</p>
          <Close to={cancelTo} />
        </>
      ) : (
        <>
          <div className="space-y-2 text-sm text-slate-700">
            <p>
              From <strong>{TIER_LABELS[from]}</strong> to <strong>{TIER_LABELS[to]}</strong>.{' '}
              {effect}
            </p>
            <p>
              Nothing is charged or refunded: a plan set here is not billed, and no subscription is
              created.
            </p>
          </div>
          <Form method="post" preventScrollReset className="mt-6 flex flex-wrap justify-end gap-2">
            <input type="hidden" name="intent" value="set-tier" />
            <input type="hidden" name="userId" value={user.id} />
            <input type="hidden" name="subscriptionStatus" value={to} />
            <input type="hidden" name="confirmed" value="yes" />
            <input type="hidden" name="redirectTo" value={cancelTo} />
            <Link to={cancelTo} replace preventScrollReset className={buttonStyles.secondary}>
              Cancel
            </Link>
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              {busy ? 'Changing...' : 'Change plan'}
            </button>
          </Form>
        </>
      )}
    </UrlDialog>
  );
}

function Close({ to }: { to: string }) {
  return (
    <div className="mt-6 flex justify-end">
      <Link to={to} replace preventScrollReset className={buttonStyles.secondary}>
        Close
      </Link>
    </div>
  );
}
