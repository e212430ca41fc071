import { useDates } from '~/components/time-zone';
import type { Page } from '~/domain/admin.server';
import type { UnmatchedPaymentView } from '~/domain/payments/unmatched.server';
import { Pagination } from '~/components/ui/pagination';
import { EmptyRow, TableScroller, Td, Th } from './table';

/** Payments the webhook could not tie to an account: Stripe will not resend them. */
export function UnmatchedPayments({ payments }: { payments: Page<UnmatchedPaymentView> }) {
  const dates = useDates();
  return (
    <section aria-labelledby="unmatched-payments" className="space-y-3">
      <h2 id="unmatched-payments" className="text-lg font-semibold text-slate-900">
        Payments without an account ({payments.total.toLocaleString('en-US')})
      </h2>
      <TableScroller label="Payments without an account">
        <thead className="bg-slate-50">
          <tr>
            <Th>Received</Th>
            <Th>E-mail</Th>
            <Th>Plan</Th>
            <Th>Stripe customer</Th>
            <Th>Event</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {payments.items.length === 0 ? (
            <EmptyRow colSpan={5}>Every payment matched an account</EmptyRow>
          ) : (
            payments.items.map((payment) => (
              <tr key={payment.id} data-testid="unmatched-payment">
                <Td>
                  <span className="whitespace-nowrap">{dates.dateTime(payment.createdAt)}</span>
                </Td>
                <Td>{payment.email ?? 'N/A'}</Td>
                <Td>{payment.tier ?? 'N/A'}</Td>
                <Td>{payment.customerId ?? 'N/A'}</Td>
                <Td>
                  {payment.eventType} · {payment.eventId}
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </TableScroller>
      {payments.total > payments.limit ? (
        <Pagination
          page={payments.page}
          pageCount={payments.pageCount}
          total={payments.total}
          noun={['payment', 'payments']}
        />
      ) : null}
    </section>
  );
}
