import { useDates } from '~/components/time-zone';
import { INQUIRY_TYPE_LABELS } from '~/content/contact';
import type { InquiryView, Page } from '~/domain/admin.server';
import type { InquiryType } from '~/schemas/limits';
import { Pagination } from '~/components/ui/pagination';

function typeLabel(value: string) {
  return INQUIRY_TYPE_LABELS[value as InquiryType] ?? value;
}

export function InquiriesTab({ inquiries }: { inquiries: Page<InquiryView> }) {
  const dates = useDates();
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Contact Inquiries</h2>
      {inquiries.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No inquiries yet
        </p>
      ) : (
        <ul className="space-y-3">
          {inquiries.items.map((inquiry) => (
            <li
              key={inquiry.id}
              data-testid="admin-inquiry"
              className="user-text rounded-lg border border-slate-200 bg-white p-4"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-slate-900">
                  {inquiry.name}{' '}
                  <a
                    href={`mailto:${inquiry.email}`}
                    className="text-brand-700 font-normal underline"
                  >
                    {inquiry.email}
                  </a>
                </p>
                <p className="text-sm text-slate-700">{dates.dateTime(inquiry.createdAt)}</p>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                <span className="font-medium">{typeLabel(inquiry.inquiryType)}</span>
                {inquiry.company ? ` · ${inquiry.company}` : null}
                {inquiry.phone ? ` · ${inquiry.phone}` : null}
              </p>
              <p className="mt-2 whitespace-pre-line text-slate-900">{inquiry.message}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={inquiries.page}
        pageCount={inquiries.pageCount}
        total={inquiries.total}
        noun={['inquiry', 'inquiries']}
      />
    </div>
  );
}
