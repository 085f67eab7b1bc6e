import { TextInput } from '@mantine/core';
import type { EmailCodeEvent } from '@brokerwise/api-contract';
import { useT } from '../../lib/use-t';
import { SendCodeButton } from './SendCodeButton';
import classes from './CodeField.module.css';

/**
 * The email code ("captcha", spec §5) input with its Send button beside it, as every form that
 * asks for a code shows it: register, retrieve password, modify password, bind email.
 */
export function CodeField({
  event,
  email,
  value,
  onChange,
  error,
  disabled,
  sendDisabled = disabled,
}: {
  event: EmailCodeEvent;
  /** The address to send to, or null when it is not valid yet (the form shows why). */
  email: () => string | null;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
  sendDisabled?: boolean;
}) {
  const t = useT();
  return (
    <div className={classes.row}>
      <TextInput
        label={t('auth.code.label')}
        name="captcha"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        disabled={disabled}
      />
      <div className={classes.button}>
        <SendCodeButton event={event} email={email} disabled={sendDisabled} />
      </div>
    </div>
  );
}
