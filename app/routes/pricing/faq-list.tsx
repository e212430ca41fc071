import { Copy } from '~/components/marketing';
import type { FaqItem } from '~/content/faq';

/** Questions as native disclosures: keyboard-operable and working without JavaScript. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group p-5" data-testid="faq-item">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <span
              aria-hidden="true"
              className="text-brand-700 text-xl leading-none transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <p className="mt-3 text-slate-700">
            <Copy text={item.answer} />
          </p>
        </details>
      ))}
    </div>
  );
}
