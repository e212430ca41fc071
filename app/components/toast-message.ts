// What a toast says and how it behaves: read by the provider (toaster.tsx) and by the Radix view
// it loads lazily (toast-ui.tsx), so neither imports the other for them.

export type ToastMessage = {
  id?: string;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
};

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
