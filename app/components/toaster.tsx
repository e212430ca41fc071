import * as ToastPrimitive from '@radix-ui/react-toast';
import { CloseIcon } from './ui/icons';
import { useHydrated } from './ui/use-hydrated';
import { useLocation } from '@remix-run/react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

// The toast system of the spec: default and destructive variants, one visible at a time, 5000 ms,
// swipe right past 50 px to dismiss, F8 focuses the toast area. Radix Toast does all of that.

export type ToastMessage = {
  id?: string;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
};

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

type ToastContextValue = { toast: (message: ToastMessage) => void };
const ToastContext = createContext<ToastContextValue>({ toast: () => {} });

export function useToast() {
  return useContext(ToastContext);
}

let counter = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<
    (ToastMessage & { key: string; locationKey: string }) | null
  >(null);
  const [open, setOpen] = useState(false);
  // A toast belongs to the page it was raised on (a failed sign-up's 'Registration Failed'); the
  // next page's own messages arrive with it. Updated during render, so a toast raised in an effect
  // of the new page (its flash message) is already counted as the new page's.
  const location = useLocation();
  const locationKey = useRef(location.key);
  locationKey.current = location.key;

  const toast = useCallback((message: ToastMessage) => {
    counter += 1;
    // A new toast replaces the visible one: at most one at a time.
    setCurrent({
      ...message,
      key: `${message.id ?? 'toast'}-${counter}`,
      locationKey: locationKey.current,
    });
    setOpen(true);
  }, []);

  // Navigating on (a later attempt that succeeded, a link) closes the previous page's toast.
  useEffect(() => {
    setCurrent((shown) => {
      if (shown && shown.locationKey !== location.key) setOpen(false);
      return shown;
    });
  }, [location.key]);
  const value = useMemo(() => ({ toast }), [toast]);
  const hydrated = useHydrated();
  const destructive = current?.variant === 'destructive';

  return (
    <ToastContext.Provider value={value}>
      <ToastPrimitive.Provider
        duration={TOAST_DURATION_MS}
        swipeDirection="right"
        swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
        label="Notification"
      >
        {children}
        {current ? (
          <ToastPrimitive.Root
            key={current.key}
            open={open}
            onOpenChange={setOpen}
            type={destructive ? 'foreground' : 'background'}
            data-variant={current.variant ?? 'default'}
            className={`data-[state=closed]:animate-out pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
              destructive
                ? 'border-red-800 bg-red-700 text-white'
                : 'border-slate-200 bg-white text-slate-900'
            }`}
          >
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold">
                {current.title}
              </ToastPrimitive.Title>
              {current.description ? (
                <ToastPrimitive.Description className="text-sm">
                  {current.description}
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
        ) : null}
        {/* Only once React runs: the server-rendered copy would carry an inline style attribute
            (which the Content-Security-Policy refuses), and without JavaScript the flash message
            is rendered by the server instead (StaticFlashMessage). */}
        {hydrated ? (
          <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
        ) : null}
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

/** Shows a flash toast that the server handed to this page load. */
export function useFlashToast(message: ToastMessage | null | undefined) {
  const { toast } = useToast();
  const id = message?.id;
  useEffect(() => {
    if (message) toast(message);
    // Keyed on the id: each flash shows once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, toast]);
}

/**
 * Without JavaScript the flash message is plain server-rendered HTML. With JavaScript the root's
 * inline script marks <html class="js"> before first paint, CSS hides this copy and the toast
 * above shows the message instead.
 */
export function StaticFlashMessage({ message }: { message: ToastMessage | null | undefined }) {
  if (!message) return null;
  const destructive = message.variant === 'destructive';
  return (
    <div className="no-js-only px-4">
      <div
        role="status"
        data-testid="flash-message"
        className={`mx-auto mt-4 max-w-3xl rounded-md border p-4 ${destructive ? 'border-red-300 bg-red-50 text-red-900' : 'border-green-300 bg-green-50 text-green-900'}`}
      >
        <p className="font-semibold">{message.title}</p>
        {message.description ? <p>{message.description}</p> : null}
      </div>
    </div>
  );
}
