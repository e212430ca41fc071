import { isTier, TIER_LABELS } from '~/domain/tiers';

// Spec: free grey, diy blue, starter green, growth purple, anything else orange.
const colours: Record<string, string> = {
  free: 'bg-slate-100 text-slate-800 ring-slate-300',
  diy: 'bg-blue-100 text-blue-900 ring-blue-300',
  starter: 'bg-green-100 text-green-900 ring-green-300',
  growth: 'bg-purple-100 text-purple-900 ring-purple-300',
};
const other = 'bg-orange-100 text-orange-900 ring-orange-300';

/** The plan's name as every other place writes it ("White Glove Starter plan"), in its colour. */
export function PlanBadge({ tier }: { tier: string }) {
  const label = isTier(tier) ? TIER_LABELS[tier] : tier;
  return (
    <span
      data-testid="plan-badge"
      data-tier={tier}
      className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${colours[tier] ?? other}`}
    >
      {label} plan
    </span>
  );
}
