import { useId, type CSSProperties, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import classes from './NativeField.module.css';

/**
 * A text area and a check box as plain elements drawn like Mantine's Textarea and Checkbox: a page
 * with no other Mantine input then loads none of Mantine's input code (≈ 5 KB compressed; see
 * docs/performance.md, "JavaScript per page"). Same markup contract as Mantine's: a `<label>` for
 * the control, the message under it as its description, `aria-invalid` while there is one.
 */

function describedBy(...ids: unknown[]): string | undefined {
  const list = ids.filter((id) => typeof id === 'string' && id).join(' ');
  return list || undefined;
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'style'> & {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** The most lines it grows to before it scrolls. */
  maxRows?: number;
};

/** A text area that grows with its text from `rows` lines to `maxRows` (where the browser can: CSS `field-sizing`). */
export function TextAreaField({ label, description, error, id, rows = 6, maxRows = 16, ...props }: TextAreaFieldProps) {
  const own = useId();
  const controlId = id ?? own;
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={controlId}>
        {label}
      </label>
      {description && (
        <p id={`${controlId}-description`} className={classes.description}>
          {description}
        </p>
      )}
      <textarea
        {...props}
        id={controlId}
        rows={rows}
        style={{ '--rows-min': rows, '--rows-max': maxRows } as CSSProperties}
        className={classes.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(description && `${controlId}-description`, error && `${controlId}-error`, props['aria-describedby'])}
      />
      {error && (
        <p id={`${controlId}-error`} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type CheckFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: ReactNode;
  error?: ReactNode;
};

/** A check box with its label beside it (the whole row toggles it) and its message under the label. */
export function CheckField({ label, error, id, ...props }: CheckFieldProps) {
  const own = useId();
  const controlId = id ?? own;
  return (
    <div>
      <label className={classes.check}>
        <input
          {...props}
          id={controlId}
          type="checkbox"
          className={classes.box}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${controlId}-error`, props['aria-describedby'])}
        />
        <span className={classes.checkText}>{label}</span>
      </label>
      {error && (
        <p id={`${controlId}-error`} className={`${classes.error} ${classes.checkError}`}>
          {error}
        </p>
      )}
    </div>
  );
}
