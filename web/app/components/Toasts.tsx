import { Notification } from '@mantine/core';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT } from '../lib/use-t';
import classes from './Toasts.module.css';

export type ToastKind = 'success' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const TOAST_MS = 5000;
const ToastContext = createContext<((kind: ToastKind, message: string) => void) | null>(null);

/** Success and error toasts of API answers (spec §8: the server's message is shown as a toast). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (kind: ToastKind, message: string) => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-2), { id, kind, message }]);
      window.setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className={classes.stack} role="status" aria-live="polite">
        {toasts.map((toast) => (
          <Notification
            key={toast.id}
            className={classes.toast}
            color={toast.kind === 'success' ? 'teal' : 'red'}
            title={t(toast.kind === 'success' ? 'toast.success.title' : 'toast.error.title')}
            closeButtonProps={{ 'aria-label': t('toast.close.label') }}
            onClose={() => dismiss(toast.id)}
            withBorder
            data-testid={`toast-${toast.kind}`}
          >
            {toast.message}
          </Notification>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
