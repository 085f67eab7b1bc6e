import { useCallback, useEffect, useRef, useState } from 'react';
import { fieldErrorsOf } from '../../lib/api';
import type { FieldErrors } from '../../lib/validation';
import { useT } from '../../lib/use-t';

/** A field's message: one of ours (an id, shown in the current language) or the server's own text. */
type FieldMessage = { id: string } | { text: string };

/**
 * Values and messages of one form. The spec's rules run on every change (for the fields touched so
 * far, so a confirmation follows its password) and on submit (all fields). Server field errors
 * (`data.fields`) show under their inputs until the field changes.
 */
export function useFormFields<V extends { [K in keyof V]: string | boolean }>(initial: V, validate: (values: V) => FieldErrors<keyof V & string>) {
  type Field = keyof V & string;
  type TextField = { [K in Field]: V[K] extends string ? K : never }[Field];
  const t = useT();
  const [values, setValues] = useState<V>(initial);
  // The latest values, for handlers called twice before a render (autofill, quick typing).
  const current = useRef<V>(initial);
  const [messages, setMessages] = useState<Partial<Record<Field, FieldMessage>>>({});
  const touched = useRef(new Set<Field>());

  const set = useCallback(
    <F extends Field>(field: F, value: V[F]) => {
      touched.current.add(field);
      const next = { ...current.current, [field]: value };
      current.current = next;
      setValues(next);
      const errors = validate(next);
      setMessages((previous) => {
        const out: Partial<Record<Field, FieldMessage>> = {};
        for (const key of Object.keys(next) as Field[]) {
          const id = errors[key];
          const kept: FieldMessage | undefined = previous[key];
          if (touched.current.has(key) && id) out[key] = { id };
          // A server message stays on the fields the visitor hasn't changed since.
          else if (key !== field && kept && 'text' in kept) out[key] = kept;
        }
        return out;
      });
    },
    [validate],
  );

  /** Replaces values without checking them (e.g. a remembered email at start). */
  const prefill = useCallback((changes: Partial<V>) => {
    current.current = { ...current.current, ...changes };
    setValues(current.current);
  }, []);

  /** Submit: checks everything; true when the form may be sent. */
  const validateAll = useCallback((): boolean => {
    const values = current.current;
    const errors = validate(values);
    const out: Partial<Record<Field, FieldMessage>> = {};
    for (const key of Object.keys(values) as Field[]) {
      touched.current.add(key);
      const id = errors[key];
      if (id) out[key] = { id };
    }
    setMessages(out);
    return Object.keys(out).length === 0;
  }, [validate]);

  /** Checks some fields only (e.g. the email before sending a code); true when they are fine. */
  const validateFields = useCallback(
    (fields: Field[]): boolean => {
      const errors = validate(current.current);
      setMessages((previous) => {
        const out = { ...previous };
        for (const key of fields) {
          touched.current.add(key);
          const id = errors[key];
          if (id) out[key] = { id };
          else delete out[key];
        }
        return out;
      });
      return fields.every((key) => !errors[key]);
    },
    [validate],
  );

  /** Shows a failed call's per-field messages; returns whether there were any for this form. */
  const showServerErrors = useCallback(
    (error: unknown, rename: Partial<Record<string, Field>> = {}): boolean => {
      const fields = fieldErrorsOf(error);
      const out: Partial<Record<Field, FieldMessage>> = {};
      for (const [name, text] of Object.entries(fields)) {
        const key = (rename[name] ?? name) as Field;
        if (key in current.current) out[key] = { text };
      }
      if (Object.keys(out).length) setMessages((previous) => ({ ...previous, ...out }));
      return Object.keys(out).length > 0;
    },
    [],
  );

  /** Shows a message the server gave for the whole form at the field it belongs to. */
  const fail = useCallback((field: Field, text: string) => setMessages((previous) => ({ ...previous, [field]: { text } })), []);

  const error = (field: Field): string | undefined => {
    const message = messages[field];
    if (!message) return undefined;
    return 'id' in message ? t(message.id) : message.text;
  };

  /** What a text input needs, to spread on it: its value, its change handler and its message. */
  const text = (field: TextField) => ({
    value: values[field] as string,
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value as V[TextField]),
    error: error(field),
  });

  /** What a CodeField needs, to spread on it: the address to send to once it is valid, and the code's value, change handler and message. */
  const code = (emailField: TextField, codeField: TextField) => ({
    email: () => (validateFields([emailField]) ? (current.current[emailField] as string).trim() : null),
    value: values[codeField] as string,
    onChange: (value: string) => set(codeField, value as V[TextField]),
    error: error(codeField),
  });

  return { values, set, prefill, error, text, code, validateAll, validateFields, showServerErrors, fail };
}

/** True once the page is hydrated: these forms need script (signed calls), so they stay inert before. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Runs `action` after `ms` unless the component is gone by then (spec §9: 3-second redirects). */
export function useLater() {
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  return useCallback((ms: number, action: () => void) => {
    timers.current.push(window.setTimeout(action, ms));
  }, []);
}

export const REDIRECT_DELAY_MS = 3_000;
