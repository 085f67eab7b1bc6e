import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../lib/use-t';
import fields from '../NativeField.module.css';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: ReactNode;
  error?: ReactNode;
};

/**
 * A password with its show/hide button (named in the visitor's language), drawn like Mantine's
 * PasswordInput as a plain input (NativeField.module.css): the account pages then load none of
 * Mantine's input code for it. A new password unless `autoComplete` says otherwise; spread
 * `form.text(field)` on it. As Mantine's, the button is left out of the tab order.
 */
export function PasswordField({ label, error, id, autoComplete = 'new-password', disabled, ...props }: PasswordFieldProps) {
  const t = useT();
  const own = useId();
  const controlId = id ?? own;
  const [visible, setVisible] = useState(false);
  return (
    <div className={fields.field}>
      <label className={fields.label} htmlFor={controlId}>
        {label}
      </label>
      <div className={fields.withToggle}>
        <input
          {...props}
          id={controlId}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          disabled={disabled}
          className={fields.control}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${controlId}-error` : undefined}
        />
        <button
          type="button"
          className={fields.toggle}
          aria-label={t('auth.password.toggle')}
          aria-pressed={visible}
          tabIndex={-1}
          disabled={disabled}
          // Keeps the caret in the field.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setVisible(!visible)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      {error && (
        <p id={`${controlId}-error`} className={fields.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Mantine's PasswordToggleIcon: an eye, crossed out while the password shows. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  const line = { fill: 'none', stroke: 'currentColor', strokeLinecap: 'round', strokeLinejoin: 'round', strokeWidth: 16 } as const;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="20" height="20" aria-hidden="true">
      {crossed ? (
        <>
          <path {...line} d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53" />
          <path {...line} d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6" />
        </>
      ) : (
        <>
          <path {...line} d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
          <circle {...line} cx="128" cy="128" r="40" />
        </>
      )}
    </svg>
  );
}
