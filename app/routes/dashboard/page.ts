// The dashboard's sections and its payment toasts: read by the server (dashboard.server.ts) and the page.

export const TABS = [
  { id: 'businesses', label: 'Businesses' },
  { id: 'prompts', label: 'Keys to Victory' },
  { id: 'guide', label: 'AI Optimization Guide' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export const PAYMENT_SUCCESS_TOAST = {
  title: 'Payment Successful! 🎉',
  description: 'Your subscription is now active. Welcome to premium features!',
};

export const PAYMENT_PENDING_TOAST = {
  title: 'Payment received',
  description:
    'We are activating your plan now; this page updates as soon as the payment provider confirms it.',
};

export function parseTab(value: string | null): TabId {
  return TABS.find((tab) => tab.id === value)?.id ?? 'businesses';
}
