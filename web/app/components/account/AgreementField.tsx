import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CheckField } from '../NativeField';
import classes from './AuthForm.module.css';

/** The agreement tick of login and register; the service and privacy texts open in new tabs (spec §2). */
export function AgreementField({
  checked,
  onChange,
  error,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const intl = useIntl();
  const link = (href: string) => (chunks: ReactNode[]) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className={classes.link}>
      {chunks}
    </a>
  );
  return (
    <CheckField
      name="check"
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      error={error}
      disabled={disabled}
      label={intl.formatMessage({ id: 'auth.agreement.label' }, { service: link('/service'), privacy: link('/privacy') })}
    />
  );
}
