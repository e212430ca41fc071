import type { SubmissionResult } from '@conform-to/react';
import { Form, Link, useNavigation } from 'react-router';
import { useEffect } from 'react';
import { useToast } from '~/components/toaster';
import { FormAlert, InputField, TextareaField } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles } from '~/components/ui/styles';
import type { BusinessDetails } from '~/domain/businesses.server';
import { BUSINESS_LIMITS } from '~/schemas/limits';

type Mode = 'create' | 'update';

/** BusinessSchema's limits as HTML attributes; the schema itself runs in the action only. */
const constraint = {
  name: { required: true, maxLength: BUSINESS_LIMITS.name },
  description: { maxLength: BUSINESS_LIMITS.description },
  website: { maxLength: BUSINESS_LIMITS.website },
  industry: { maxLength: BUSINESS_LIMITS.industry },
  location: { maxLength: BUSINESS_LIMITS.location },
  phone: { maxLength: BUSINESS_LIMITS.phone },
  address: { maxLength: BUSINESS_LIMITS.address },
  openingHours: { maxLength: BUSINESS_LIMITS.openingHours },
  nameVariants: {},
};

const copy = {
  create: {
    heading: 'Add Business',
    submit: 'Add Business',
    pending: 'Adding...',
    failed: 'Failed to add business',
  },
  update: {
    heading: 'Edit Business',
    submit: 'Save Changes',
    pending: 'Saving...',
    failed: 'Failed to update business',
  },
} as const;

/**
 * The add and edit forms: a plain POST with an `intent`, validated by BusinessSchema in the
 * action (with or without JavaScript); conform shows the action's field errors.
 */
export function BusinessForm({
  mode,
  business,
  lastResult,
  cancelTo,
}: {
  mode: Mode;
  business?: BusinessDetails;
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
}) {
  const text = copy[mode];
  const navigation = useNavigation();
  const { toast } = useToast();
  const { form, fields } = useServerForm({
    id: mode === 'create' ? 'add-business' : `edit-business-${business?.id ?? ''}`,
    names: [
      'name',
      'description',
      'website',
      'industry',
      'location',
      'phone',
      'address',
      'openingHours',
      'nameVariants',
    ],
    constraint,
    lastResult,
    defaultValue: business
      ? {
          name: business.name,
          description: business.description ?? '',
          website: business.website ?? '',
          industry: business.industry ?? '',
          location: business.location ?? '',
          phone: business.phone ?? '',
          address: business.address ?? '',
          openingHours: business.openingHours ?? '',
          nameVariants: business.nameVariants.join('\n'),
        }
      : undefined,
  });
  const submitting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === mode;

  // The form just opened (Add Business / Edit was pressed): put the cursor in its first field.
  // After a failed submit the first invalid field gets it instead (useServerForm).
  const nameId = fields.name.id;
  const hasResult = Boolean(lastResult);
  useEffect(() => {
    const name = document.getElementById(nameId);
    const active = document.activeElement;
    // Someone already typing in the form (it rendered before its script loaded): leave the cursor
    // where they put it, or their next keys would land in the name.
    if (name instanceof HTMLInputElement && name.form?.contains(active)) return;
    if (!hasResult) name?.focus();
    // Only when the form mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const failed = lastResult?.status === 'error';
  const serverMessage = lastResult?.error?.['']?.[0];
  useEffect(() => {
    // With JavaScript the spec's toast; the inline errors below say the same without it.
    if (failed)
      toast({ title: 'Error', description: serverMessage ?? text.failed, variant: 'destructive' });
  }, [lastResult, failed, serverMessage, text.failed, toast]);

  return (
    <section
      aria-labelledby={`${form.id}-heading`}
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id={`${form.id}-heading`} className="text-lg font-semibold text-slate-900">
        {text.heading}
      </h3>
      <Form method="post" className="mt-4 space-y-3" {...form.props}>
        <input type="hidden" name="intent" value={mode} />
        {business ? <input type="hidden" name="businessId" value={business.id} /> : null}
        <FormAlert id={form.errorId} title={text.failed} errors={form.errors} toasted />
        <InputField
          field={fields.name}
          label="Business Name"
          type="text"
          required
          maxLength={BUSINESS_LIMITS.name}
        />
        <InputField
          field={fields.website}
          maxLength={BUSINESS_LIMITS.website}
          label="Website"
          type="url"
          placeholder="https://example.com"
          hint="For example https://example.com (we add https:// if you leave it out)."
        />
        <TextareaField
          field={fields.description}
          label="Description"
          rows={3}
          maxLength={BUSINESS_LIMITS.description}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <InputField
            field={fields.industry}
            label="Industry"
            type="text"
            maxLength={BUSINESS_LIMITS.industry}
          />
          <InputField
            field={fields.location}
            label="Location"
            type="text"
            maxLength={BUSINESS_LIMITS.location}
          />
        </div>
        <TextareaField
          field={fields.nameVariants}
          label="Other names answers use (optional)"
          rows={2}
          maxLength={BUSINESS_LIMITS.nameVariants * (BUSINESS_LIMITS.nameVariant + 1)}
          hint={`One per line, up to ${BUSINESS_LIMITS.nameVariants}: a nickname or an old name. We already know the usual short forms (without "LLC", "& Co" or the trade word).`}
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">
            Your contact details (optional)
          </legend>
          <p className="text-xs text-slate-600">
            We check what the AI assistants tell your customers against these.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <InputField
              field={fields.phone}
              label="Phone"
              type="tel"
              autoComplete="tel"
              maxLength={BUSINESS_LIMITS.phone}
              hint="As customers dial it; read in your location's country."
            />
            <InputField
              field={fields.address}
              label="Address"
              type="text"
              autoComplete="street-address"
              maxLength={BUSINESS_LIMITS.address}
              hint="One line, with the postcode or ZIP."
            />
          </div>
          <InputField
            field={fields.openingHours}
            label="Opening hours"
            type="text"
            maxLength={BUSINESS_LIMITS.openingHours}
            hint='For example "Mo-Fr 08:00-17:00, Sa 09:00-12:00", or "24/7".'
          />
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonStyles.primary} disabled={submitting}>
            {submitting ? text.pending : text.submit}
          </button>
          <Link to={cancelTo} preventScrollReset className={buttonStyles.secondary}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
