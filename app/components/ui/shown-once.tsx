import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';
import { useHydrated } from './use-hydrated';

/**
 * A secret shown this one time, on the answer to the form that made it (an API key, a log drain's
 * address): what it is, that only a fingerprint is kept, the value itself to select or copy (the
 * Copy button once hydrated, a hint without JavaScript), then whatever else the caller adds.
 */
export function ShownOnce({
  heading,
  value,
  label,
  testId,
  valueTestId,
  className = 'space-y-2',
  children,
}: {
  heading: ReactNode;
  value: string;
  /** What the value is, in words ("API key"): the Copy button's label and its toast say it. */
  label: string;
  testId: string;
  valueTestId: string;
  className?: string;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <div
      role="status"
      className={`${className} rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-950`}
      data-testid={testId}
    >
      <p className="font-semibold">{heading}</p>
      <p>
        We keep only a fingerprint of it, so nobody (us included) can show it again. If you lose it,
        revoke it and make another.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          className="block max-w-full rounded border border-green-300 bg-white px-2 py-1 font-mono text-xs break-all select-all"
          data-testid={valueTestId}
        >
          {value}
        </code>
        {hydrated ? (
          <CopyButton
            text={value}
            label={label}
            copiedToast={{ title: 'Copied', description: `The ${label} is on your clipboard.` }}
          />
        ) : (
          <span className="text-xs">Select the {label} and copy it.</span>
        )}
      </div>
      {children}
    </div>
  );
}
