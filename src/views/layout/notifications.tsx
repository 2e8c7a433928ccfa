import { useSelector } from '@xstate/react';
import { selectSnackbar, selectToasts } from '../../machines/app/index.ts';
import { useAppActors } from '../app-context.tsx';
import * as css from './notifications.css.ts';
import { SessionEndedNotice } from './session-ended-notice.tsx';

/** Toasts bottom-right (green success, red error) and the snackbar; the machine times them out. */
export function Notifications() {
  const { notifications } = useAppActors();
  const toasts = useSelector(notifications, selectToasts);
  const snackbar = useSelector(notifications, selectSnackbar);
  return (
    <>
      {/* Walk 5 #4: here, loaded after the first render, as the store's first load has no room for it. */}
      <SessionEndedNotice />
      <div className={css.toasts} aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} role={toast.kind === 'error' ? 'alert' : 'status'} className={css.toast[toast.kind]}>
            <span>{toast.message}</span>
            <button
              type="button"
              className={css.close}
              aria-label="Dismiss"
              onClick={() => notifications.send({ type: 'toast.dismiss', id: toast.id })}
            >
              ×
            </button>
          </div>
        ))}
      </div>
      {snackbar && (
        <div role="status" className={css.snackbar}>
          {snackbar.message}
        </div>
      )}
    </>
  );
}
