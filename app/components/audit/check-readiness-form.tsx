import { Form, useNavigation } from 'react-router';
import { buttonStyles } from '~/components/ui/styles';

/**
 * 'Check AI Readiness': a plain POST to the business's report page, which runs the audit and shows
 * it (with JavaScript, the button says it is working while the site is fetched).
 */
export function CheckReadinessForm({
  businessId,
  businessName,
  back,
  className = buttonStyles.primary,
}: {
  businessId: string;
  businessName: string;
  /** Where a refusal lands (the page the button is on). */
  back?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const action = `/dashboard/businesses/${businessId}/audit`;
  const busy = navigation.state === 'submitting' && navigation.formAction === action;
  return (
    <Form method="post" action={action} aria-busy={busy}>
      <input type="hidden" name="intent" value="run" />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <button type="submit" className={className} disabled={busy}>
        {busy ? 'Checking your website…' : 'Check AI Readiness'}
        <span className="sr-only">{` for ${businessName}`}</span>
      </button>
    </Form>
  );
}
