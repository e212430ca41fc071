// What every page says about a plan's period: one date (the end of the period paid for) and what
// happens then, in the same words on the dashboard, the billing page, the checkout pages and the
// cancel confirmation. Pure, so the server and the browser write the same.

export type PlanState = 'renews' | 'changes' | 'ends' | 'ended';

export const FREE_AFTERWARDS =
  'Then your account moves to the Free plan: your businesses are kept, and premium tools are locked until you choose a plan again.';

/** "Growth plan · renews on December 23", "… · until December 23, then DIY All-In", … */
export function statusLine(input: {
  planName: string;
  state: PlanState;
  on: string | null;
  scheduledPlanName?: string | null;
}): string {
  const { planName, state, on } = input;
  if (!on) return `${planName} plan`;
  switch (state) {
    case 'ended':
      return `${planName} plan · ended on ${on}`;
    case 'ends':
      return `${planName} plan · ends on ${on}`;
    case 'changes':
      return `${planName} plan · until ${on}, then ${input.scheduledPlanName ?? 'another plan'}`;
    case 'renews':
      return `${planName} plan · renews on ${on}`;
  }
}

/** A cancelled plan: when it ends, what happens then, and that it can still be resumed. */
export function cancelledNote(planName: string, on: string | null): string {
  const until = on ?? 'the end of the period';
  return `Cancelled: your ${planName} plan stays active until ${until}. ${FREE_AFTERWARDS} You can resume it until then.`;
}
