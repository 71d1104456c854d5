import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';

export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

type Show = (feedback: Feedback) => void;

/** What the public pages call: the toasts they raise, shown as soon as antd's holders are in. */
export interface PublicToasts {
  message: {
    success: (...args: Parameters<MessageInstance['success']>) => void;
    error: (...args: Parameters<MessageInstance['error']>) => void;
  };
  notification: { success: (...args: Parameters<NotificationInstance['success']>) => void };
}

const ToastsContext = createContext<PublicToasts | null>(null);

const FeedbackHolders = lazy(() =>
  import('./feedback-holders').then((m) => ({ default: m.FeedbackHolders })),
);

/**
 * Toasts for the sign-in, sign-up and passwordless pages, held above the pages so that a notice outlives
 * the page that raised it (passwordless sends you to sign-in). The other routes have antd's App
 * (app-frame.tsx). antd's message and notification code (some 12 kB gzip) arrives after the page has
 * rendered: a toast only ever follows a submit, and one raised before it arrives waits for it.
 */
export function PublicFeedback({ children }: { children: ReactNode }) {
  const ready = useRef<Feedback | null>(null);
  const waiting = useRef<Show[]>([]);
  const onReady = useCallback((feedback: Feedback) => {
    ready.current = feedback;
    for (const show of waiting.current.splice(0)) show(feedback);
  }, []);
  const toasts = useMemo<PublicToasts>(() => {
    const later = (show: Show) => (ready.current ? show(ready.current) : void waiting.current.push(show));
    return {
      message: {
        success: (...args) => later((f) => void f.message.success(...args)),
        error: (...args) => later((f) => void f.message.error(...args)),
      },
      notification: { success: (...args) => later((f) => f.notification.success(...args)) },
    };
  }, []);
  return (
    <ToastsContext.Provider value={toasts}>
      <Suspense fallback={null}>
        <FeedbackHolders onReady={onReady} />
      </Suspense>
      {children}
    </ToastsContext.Provider>
  );
}

/** The public pages' `App.useApp()`. */
export function usePublicFeedback(): PublicToasts {
  const toasts = useContext(ToastsContext);
  if (!toasts) throw new Error('usePublicFeedback must be used under PublicFeedback');
  return toasts;
}
