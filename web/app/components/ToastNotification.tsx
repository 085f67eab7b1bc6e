import { Notification } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ToastViewProps {
  kind: 'success' | 'error';
  title: string;
  closeLabel: string;
  onClose: () => void;
  className?: string | undefined;
  children: ReactNode;
}

/** A toast drawn as Mantine's Notification: its own module, so Toasts loads it with the first toast. */
export default function ToastNotification({ kind, title, closeLabel, onClose, className, children }: ToastViewProps) {
  return (
    <Notification
      className={className}
      color={kind === 'success' ? 'teal' : 'red'}
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
      onClose={onClose}
      withBorder
      data-testid={`toast-${kind}`}
    >
      {children}
    </Notification>
  );
}
