import { Form, useNavigation } from 'react-router';
import { buttonStyles } from '~/components/ui/styles';

/** The scheduled plan change's cancel button: a plain form post (works without JavaScript). */
export function CancelScheduledChange({ keep }: { keep: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/billing/scheduled-change';
  return (
    <Form method="post" action="/billing/scheduled-change" className="mt-3">
      <button type="submit" className={buttonStyles.secondary} disabled={busy}>
        {busy ? 'Cancelling...' : `Cancel the change and keep ${keep}`}
      </button>
    </Form>
  );
}
