import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { loadChunk } from '../lib/chunk-load';
import { useT } from '../lib/use-t';
import type { ToastViewProps } from './ToastNotification';
import classes from './Toasts.module.css';

export type ToastKind = 'success' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const TOAST_MS = 5000;
// Mantine's Notification arrives with the first toast (no page shows one while it loads); should its
// code not arrive, the message still shows, plainly.
const ToastView = lazy(() => loadChunk(() => import('./ToastNotification')).catch(() => ({ default: PlainToast })));

function PlainToast({ kind, title, className, children }: ToastViewProps) {
  return (
    <div className={className} data-testid={`toast-${kind}`}>
      <strong>{title}</strong> {children}
    </div>
  );
}

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
        {toasts.length > 0 && (
          <Suspense fallback={null}>
            {toasts.map((toast) => (
              <ToastView
                key={toast.id}
                kind={toast.kind}
                className={classes.toast}
                title={t(toast.kind === 'success' ? 'toast.success.title' : 'toast.error.title')}
                closeLabel={t('toast.close.label')}
                onClose={() => dismiss(toast.id)}
              >
                {toast.message}
              </ToastView>
            ))}
          </Suspense>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
