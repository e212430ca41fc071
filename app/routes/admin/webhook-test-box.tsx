import { Form, useNavigation } from 'react-router';
import { useState } from 'react';
import { buttonStyles, inputStyles } from '~/components/ui/styles';
import { PLANS } from '~/content/plans';

/**
 * 'Webhook Testing' (spec sections 2 and 5): simulates a successful payment for a user's e-mail,
 * for the plan the admin picks (by default the user's own paid plan, or DIY for a free user).
 * A plain form (the answer comes back as a flash message, and the admin data reloads); with
 * JavaScript the button does nothing while the e-mail box is empty.
 */
export function WebhookTestBox() {
  const [email, setEmail] = useState('');
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'webhook-test';
  return (
    <section
      aria-labelledby="webhook-testing"
      className="rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="webhook-testing" className="text-lg font-semibold text-slate-900">
        Webhook Testing
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Simulate a successful payment: the user gets the chosen plan for one month, exactly as a
        real checkout would give it. By default the payment is for the user&apos;s own paid plan
        (DIY for a free user), so a test never lowers a paying customer&apos;s plan.
      </p>
      <Form
        method="post"
        action="/admin"
        preventScrollReset
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          if (!email.trim()) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="webhook-test" />
        <div className="min-w-0 flex-[1_1_14rem]">
          <label htmlFor="webhook-email" className="block text-sm font-medium text-slate-800">
            User email
          </label>
          <input
            id="webhook-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            className={`${inputStyles} mt-1`}
          />
        </div>
        <div className="min-w-0 flex-[1_1_14rem] sm:flex-none">
          <label htmlFor="webhook-tier" className="block text-sm font-medium text-slate-800">
            Plan
          </label>
          <select id="webhook-tier" name="tier" defaultValue="" className={`${inputStyles} mt-1`}>
            <option value="">User&apos;s current plan (DIY if free)</option>
            {PLANS.map((plan) => (
              <option key={plan.tier} value={plan.tier}>
                {plan.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {busy ? 'Testing...' : 'Test Webhook'}
        </button>
      </Form>
    </section>
  );
}
