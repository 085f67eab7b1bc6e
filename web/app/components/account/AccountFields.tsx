import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { useT } from '../../lib/use-t';

// The account forms' recurring inputs; spread `form.text(field)` on them. The route imports the Mantine CSS.

/** A password: its show/hide button named in the visitor's language; a new password unless `autoComplete` says otherwise. */
export function PasswordField(props: PasswordInputProps) {
  const t = useT();
  return <PasswordInput autoComplete="new-password" visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggle') }} {...props} />;
}

/** The account's email address. */
export function EmailField(props: TextInputProps) {
  const t = useT();
  return <TextInput label={t('auth.register.email')} name="email" type="email" autoComplete="email" {...props} />;
}
