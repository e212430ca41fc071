import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/schemas/limits';
import { InputField } from './ui/field';
import type { FormField } from './ui/server-form';

/**
 * A password being chosen (sign-up, a reset or invitation link, the account's password form) and
 * its confirmation: the schema's length limits, the minimum said under the first field, and
 * `new-password` so password managers offer to generate and save it.
 */
export function NewPasswordFields({
  password,
  confirm,
  label,
  confirmLabel,
}: {
  password: FormField;
  confirm: FormField;
  label: string;
  confirmLabel: string;
}) {
  return (
    <>
      <InputField
        field={password}
        maxLength={PASSWORD_MAX_LENGTH}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <InputField
        field={confirm}
        maxLength={PASSWORD_MAX_LENGTH}
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
