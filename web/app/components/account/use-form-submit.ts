import { useState, type FormEvent } from 'react';
import { errorCodeOf } from '../../lib/api';
import { useApiErrorText } from '../ApiProvider';
import { useToast } from '../Toasts';
import { useHydrated } from './use-form';

/** idle → sending → done (the form stays locked while the page moves on) or back to idle on failure (and on success when repeatable). */
export type SubmitPhase = 'idle' | 'sending' | 'done';

/** What the hook needs of a `useFormFields` form. */
interface SubmittableForm<V> {
  values: V;
  validateAll(): boolean;
  showServerErrors(error: unknown): boolean;
  fail(field: keyof V & string, text: string): void;
}

export interface FormSubmitOptions<V, R> {
  /** Sends the checked values. */
  send: (values: V) => Promise<R>;
  /** After a success (the phase is `done`): say so, sign in, move on. */
  done: (result: R, values: V) => void;
  /** Error codes whose message belongs to one field, e.g. a refused password at the password field. */
  codeFields?: Partial<Record<string, keyof V & string>>;
  /** True while the form must not be sent even if valid (e.g. an account type not open yet). */
  blocked?: boolean;
  /** A settings form stays usable after a success (back to idle) instead of locking while the page moves on. */
  repeatable?: boolean;
}

/**
 * The submit of an account form (sign-in, register, passwords, email binding): checks every field, sends once at a
 * time, and shows one message per error where it belongs — a server field error at its field
 * (announced there: the inputs link it with aria-describedby and set aria-invalid), an error code
 * listed in `codeFields` at that field, anything else as a toast.
 */
export function useFormSubmit<V, R>(form: SubmittableForm<V>, { send, done, codeFields = {}, blocked = false, repeatable = false }: FormSubmitOptions<V, R>) {
  const toast = useToast();
  const errorText = useApiErrorText();
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  /** Inputs are inert before hydration (the calls need script) and while sending or leaving. */
  const locked = !hydrated || phase !== 'idle';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (locked || blocked || !form.validateAll()) return;
    const values = form.values;
    setPhase('sending');
    try {
      const result = await send(values);
      setPhase(repeatable ? 'idle' : 'done');
      done(result, values);
    } catch (error) {
      const code = errorCodeOf(error);
      const field = code ? codeFields[code] : undefined;
      if (field) form.fail(field, errorText(error));
      else if (!form.showServerErrors(error)) toast('error', errorText(error));
      setPhase('idle');
    }
  }

  /** Another way in succeeded (e.g. a social sign-in): lock the form as after its own success. */
  const finish = () => setPhase('done');

  return { phase, locked, hydrated, onSubmit, finish };
}
