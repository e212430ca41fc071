import { useEffect, useRef, useState } from 'react';
import { useToast } from '~/components/toaster';
import { CheckIcon, CopyIcon } from '~/components/ui/icons';
import { buttonStyles } from '~/components/ui/styles';

export const COPIED_INDICATOR_MS = 2000;

/**
 * Copies `text` to the clipboard, says so with a toast, and shows "Copied" for two seconds. Render
 * it only once hydrated: without JavaScript the text next to it stays plain, selectable text.
 */
export function CopyButton({
  text,
  label,
  copiedToast,
  failedDescription = 'Please manually select and copy the text',
}: {
  text: string;
  /** What is copied, for the accessible name: "Copy <label>". */
  label: string;
  copiedToast: { title: string; description?: string };
  failedDescription?: string;
}) {
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
      toast(copiedToast);
    } catch {
      toast({
        title: 'Copy Failed',
        description: failedDescription,
        variant: 'destructive',
      });
    }
  }

  return (
    <button
      type="button"
      onClick={copy}
      className={buttonStyles.secondary}
      aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span>
    </button>
  );
}
