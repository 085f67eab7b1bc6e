import { useId, type HTMLAttributes, type ReactNode } from 'react';
import classes from './Notice.module.css';

type NoticeProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  tone: 'red' | 'yellow' | 'blue';
  title?: ReactNode;
  'data-testid'?: string;
};

/**
 * A notice drawn like Mantine's light Alert (Notice.module.css), as plain markup: an optional
 * bold title, then the message. A role of `alert` unless told otherwise, as Mantine's.
 */
export function Notice({ tone, title, className, children, role = 'alert', ...props }: NoticeProps) {
  const id = useId();
  return (
    <div
      {...props}
      className={className ? `${classes.notice} ${className}` : classes.notice}
      data-tone={tone}
      role={role}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-describedby={`${id}-body`}
    >
      <div className={classes.body}>
        {title && (
          <div id={`${id}-title`} className={classes.title}>
            {title}
          </div>
        )}
        <div id={`${id}-body`} className={classes.message}>
          {children}
        </div>
      </div>
    </div>
  );
}
