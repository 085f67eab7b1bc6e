import classes from './PostForm.module.css';

/** A field's message under it (empty and hidden when there is none). */
export function FieldError({ id, message, testId }: { id?: string; message: string | undefined; testId?: string }) {
  return (
    <p id={id} className={classes.error} role={message ? 'alert' : undefined} data-testid={testId}>
      {message}
    </p>
  );
}
