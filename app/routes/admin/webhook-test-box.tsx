import { Form, useNavigation } from 'react-router';
import { useState } from 'react';
import { buttonStyles, inputStyles } from '~/components/ui/styles';
import { TIER_LABELS } from '~/domain/tiers';

/**
 * 'Webhook Testing' (spec sections 2 and 5): simulates a successful payment for a user's e-mail.
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
        Simulate a successful payment: the user gets the {TIER_LABELS.diy} plan for one month,
        exactly as a real checkout would give it.
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
        <div className="min-w-0 flex-1">
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
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {busy ? 'Testing...' : 'Test Webhook'}
        </button>
      </Form>
    </section>
  );
}
