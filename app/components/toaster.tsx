import { useLocation } from 'react-router';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { type ToastMessage } from './toast-message';

// The toast system of the spec: default and destructive variants, one visible at a time, 5000 ms,
// swipe right past 50 px to dismiss, F8 focuses the toast area. Radix Toast does all of that.

export type { ToastMessage };

const ToastUi = lazy(() => import('./toast-ui'));

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

  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* The toast's own code (Radix Toast) loads with the first toast, not with every page. */}
      {current ? (
        <Suspense fallback={null}>
          <ToastUi toast={current} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
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
export function StaticFlashMessage({
  message,
  always = false,
}: {
  message: ToastMessage | null | undefined;
  /** A page without React (a document page, see ~/components/document) shows it in any case. */
  always?: boolean;
}) {
  if (!message) return null;
  const destructive = message.variant === 'destructive';
  return (
    <div className={always ? 'px-4' : 'no-js-only px-4'}>
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
