import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastMessage } from './toast-message';
import { CloseIcon } from './ui/icons';

// The visible toast: Radix Toast gives the live region, F8 to reach it, the 5000 ms timer (paused
// while hovered or focused), swipe right past 50 px and Escape to dismiss. Loaded on demand by
// ToastProvider when the first toast of the visit is raised.
export default function ToastUi({
  toast,
  open,
  onOpenChange,
}: {
  toast: ToastMessage & { key: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const destructive = toast.variant === 'destructive';
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      <ToastPrimitive.Root
        key={toast.key}
        open={open}
        onOpenChange={onOpenChange}
        type={destructive ? 'foreground' : 'background'}
        data-variant={toast.variant ?? 'default'}
        className={`data-[state=closed]:animate-out pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
          destructive
            ? 'border-red-800 bg-red-700 text-white'
            : 'border-slate-200 bg-white text-slate-900'
        }`}
      >
        <div className="grid gap-1">
          <ToastPrimitive.Title className="text-sm font-semibold">
            {toast.title}
          </ToastPrimitive.Title>
          {toast.description ? (
            <ToastPrimitive.Description className="text-sm">
              {toast.description}
            </ToastPrimitive.Description>
          ) : null}
        </div>
        <ToastPrimitive.Close
          aria-label="Close"
          className={`absolute top-2 right-2 rounded-md p-1 ${destructive ? 'text-white hover:bg-red-800' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          <CloseIcon />
        </ToastPrimitive.Close>
      </ToastPrimitive.Root>
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
