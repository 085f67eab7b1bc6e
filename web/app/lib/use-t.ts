import { useCallback } from 'react';
import { useIntl } from 'react-intl';

type Values = Record<string, string | number | boolean | null | undefined | Date>;

/** `t('<feature>.<component>.<purpose>', values)`: a plain string in the current language. */
export function useT() {
  const intl = useIntl();
  return useCallback((id: string, values?: Values) => intl.formatMessage({ id }, values), [intl]);
}
