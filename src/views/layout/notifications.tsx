import { useSelector } from '@xstate/react';
import { isSaidBySessionEnded, selectSessionValues, selectSnackbar, selectToasts } from '../../machines/app/index.ts';
import { useAppActors } from '../app-context.tsx';
import * as css from './notifications.css.ts';
import { SessionEndedNotice } from './session-ended-notice.tsx';

/** Toasts bottom-right (green success, red error) and the snackbar; the machine times them out. */
export function Notifications() {
  const { notifications, session } = useAppActors();
  // Seam b6 #1: a 401's 'Please sign in again.' is the session-ended notice's to say, once, with its sign-in.
  const values = useSelector(session, selectSessionValues);
  const told = (message: string) => isSaidBySessionEnded(message, values);
  const toasts = useSelector(notifications, selectToasts).filter((toast) => !told(toast.message));
  const shownSnackbar = useSelector(notifications, selectSnackbar);
  const snackbar = shownSnackbar && !told(shownSnackbar.message) ? shownSnackbar : undefined;
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
