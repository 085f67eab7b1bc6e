import { useRevalidator } from 'react-router';
import { useHydrated } from './account/use-form';
import { useApi, useApiErrorText } from './ApiProvider';
import { useToast } from './Toasts';

/** What a control that calls the API from the page needs: the client, toasts, error text in the visitor's language, whether script runs, and a reload of the page's data. */
export function usePageApi() {
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  return { api, toast, errorText, hydrated, revalidator };
}
