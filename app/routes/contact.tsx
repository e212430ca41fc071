import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  data,
  Form,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { ExternalLink } from '~/components/external-link';
import { container, PageIntro } from '~/components/marketing';
import { card, TitledSection } from '~/components/titled-section';
import { FormAlert, InputField, TextareaField } from '~/components/ui/field';
import { fieldProps, useServerForm } from '~/components/ui/server-form';
import { buttonStyles, inputStyles } from '~/components/ui/styles';
import {
  BUSINESS_HOURS,
  CONTACT_PAGE,
  INQUIRY_TYPE_LABELS,
  contactSuccessMessage,
  RESPONSE_TIMES,
} from '~/content/contact';
import { pageMeta, PUBLIC_PAGES } from '~/content/pages';
import { submitContactInquiry } from '~/domain/contact.server';
import { isDomainError } from '~/domain/errors';
import { publicLinks } from '~/lib/env.server';
import { getClientIp, readFormData } from '~/http/http.server';
import { getOrigin } from '~/http/origin.server';
import { redirectWithToast } from '~/http/toast.server';
import { ContactSchema } from '~/schemas/contact';
import { CONTACT_LIMITS, HONEYPOT_FIELD, INQUIRY_TYPES } from '~/schemas/limits';
import { publicPageHeaders } from '~/http/cache-policy';
import { documentHandle, loadAsDocument } from '~/components/document';

// A document: no framework JavaScript (see ~/components/document).
export const handle = documentHandle;
export const clientLoader = loadAsDocument;

// The same for every anonymous visitor: shared caches may keep it (see ~/http/cache-policy).
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(PUBLIC_PAGES.contact, data?.origin);

export function loader({ request }: LoaderFunctionArgs) {
  return {
    origin: getOrigin(request),
    bookingUrl: publicLinks.bookingUrl,
    constraint: getZodConstraint(ContactSchema),
  };
}

// The route only adapts HTTP to the domain: parse and validate the form, hand the inquiry and the
// client's address to submitContactInquiry. Refused input comes back with the field errors and the
// typed values; a sent message redirects back here with the confirmation as a flash message
// (post/redirect/get: reloading the page never sends it twice).
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const honeypot = formData.get(HONEYPOT_FIELD);
  try {
    await submitContactInquiry(submission.value, {
      ipAddress: getClientIp(request, context),
      honeypot: typeof honeypot === 'string' ? honeypot : honeypot ? 'file' : null,
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { result: submission.reply({ formErrors: [error.message] }) },
      { status: error.status },
    );
  }
  // A filled honeypot lands here too: the bot is told it worked.
  return redirectWithToast('/contact', contactSuccessMessage(submission.value.inquiryType), {
    request,
  });
}

/** The cards beside the form: facts under the aside's hidden heading, so their titles are h3. */
const factCard = { level: 3, className: card } as const;

export default function ContactPage() {
  const { bookingUrl, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Validated by the action; the browser gets the schema's constraints from the loader.
  const { form, fields } = useServerForm({
    id: 'contact',
    names: ['name', 'email', 'company', 'phone', 'inquiryType', 'message'],
    constraint,
    lastResult: actionData?.result,
    defaultValue: { inquiryType: 'general' },
  });
  // After a message was sent the page comes back by redirect, a fresh form under the message.

  return (
    <>
      <PageIntro title={CONTACT_PAGE.title} lead={CONTACT_PAGE.lead} />
      <div className={`${container} grid gap-8 pb-16 lg:grid-cols-3`}>
        <TitledSection
          id="contact-form-title"
          title={CONTACT_PAGE.formTitle}
          className={`${card} sm:p-8 lg:col-span-2`}
        >
          <Form method="post" action="/contact" className="mt-6 space-y-2" {...form.props}>
            <FormAlert
              id={form.errorId}
              title={CONTACT_PAGE.rateLimitedTitle}
              errors={form.errors}
            />
            <div className="grid gap-x-4 sm:grid-cols-2">
              <InputField
                field={fields.name}
                label="Name"
                type="text"
                autoComplete="name"
                maxLength={CONTACT_LIMITS.name}
              />
              <InputField
                field={fields.email}
                label="Email"
                type="email"
                autoComplete="email"
                maxLength={CONTACT_LIMITS.email}
              />
              <InputField
                field={fields.company}
                label="Company (optional)"
                type="text"
                autoComplete="organization"
                maxLength={CONTACT_LIMITS.company}
              />
              <InputField
                field={fields.phone}
                label="Phone (optional)"
                type="tel"
                autoComplete="tel"
                maxLength={CONTACT_LIMITS.phone}
              />
            </div>
            <div className="space-y-1">
              <label
                htmlFor={fields.inquiryType.id}
                className="block text-sm font-medium text-slate-800"
              >
                Inquiry type
              </label>
              <select
                {...fieldProps(fields.inquiryType)}
                key={fields.inquiryType.key}
                className={inputStyles}
              >
                {INQUIRY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {INQUIRY_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
              <div id={fields.inquiryType.errorId} className="min-h-5 text-sm text-red-700">
                {fields.inquiryType.errors?.join(' ')}
              </div>
            </div>
            <TextareaField
              field={fields.message}
              label="Message"
              rows={6}
              maxLength={CONTACT_LIMITS.message}
            />
            {/* Honeypot: hidden from sight and from the tab order; people leave it empty, bots fill it. */}
            <div className="sr-only">
              <label htmlFor="contact-fax">Leave this field empty</label>
              <input
                id="contact-fax"
                type="text"
                name={HONEYPOT_FIELD}
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </div>
            <button
              type="submit"
              className={`${buttonStyles.primary} w-full sm:w-auto`}
              data-pending={CONTACT_PAGE.sending}
            >
              {CONTACT_PAGE.submit}
            </button>
          </Form>
        </TitledSection>

        <aside aria-labelledby="contact-info-title" className="space-y-6">
          <h2 id="contact-info-title" className="sr-only">
            {CONTACT_PAGE.infoTitle}
          </h2>
          <TitledSection
            id="response-times-title"
            title={CONTACT_PAGE.responseTimesTitle}
            {...factCard}
          >
            <dl className="mt-4 space-y-2 text-sm" data-testid="response-times">
              {RESPONSE_TIMES.map((row) => (
                <div key={row.label} className="flex justify-between gap-4">
                  <dt className="text-slate-700">{row.label}</dt>
                  <dd className="font-semibold text-slate-900">{row.time}</dd>
                </div>
              ))}
            </dl>
          </TitledSection>
          <TitledSection id="hours-title" title={CONTACT_PAGE.hoursTitle} {...factCard}>
            <p className="mt-2 text-slate-800">{BUSINESS_HOURS}</p>
            <p className="mt-4 text-sm text-slate-700">{CONTACT_PAGE.bookCallLead}</p>
            <ExternalLink href={bookingUrl} className={`${buttonStyles.secondary} mt-3`}>
              {CONTACT_PAGE.bookCall}
            </ExternalLink>
          </TitledSection>
        </aside>
      </div>
    </>
  );
}
