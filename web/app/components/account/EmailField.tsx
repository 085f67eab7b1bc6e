import { TextInput, type TextInputProps } from '@mantine/core';
import { useT } from '../../lib/use-t';

/** The account's email address; spread `form.text(field)` on it. */
export function EmailField(props: TextInputProps) {
  const t = useT();
  return <TextInput label={t('auth.register.email')} name="email" type="email" autoComplete="email" {...props} />;
}
