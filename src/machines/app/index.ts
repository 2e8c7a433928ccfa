import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine } from './notifications.machine.ts';
import type { pageAccessMachine } from './page-access.machine.ts';
import { isSignedIn, type SessionValues } from './session-values.ts';
import type { sessionMachine } from './session.machine.ts';

/**
 * The door to the app-wide actors (docs/decisions/032): main.tsx starts them, views read them through these selectors.
 */
export { startAppActors, type SessionStorage } from './app-actors.ts';
export type { notificationsMachine, NotificationsEvent, Toast, ToastKind } from './notifications.machine.ts';
export type { sessionMachine, SessionEvent } from './session.machine.ts';
export { isSignedIn, type SessionValues } from './session-values.ts';
export { isSaidBySessionEnded, showsSessionEnded } from './session-ended.ts';
export { pageAccessMachine, type GatedPage } from './page-access.machine.ts';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

export const selectSessionValues = (s: SessionSnapshot): SessionValues => s.context;
/** The bearer token `call` sends (main.tsx hands this to src/api/http.ts). */
export const selectToken = (s: SessionSnapshot) => s.context.Token;
export const selectIsSignedIn = (s: SessionSnapshot) => isSignedIn(s.context);

/** Where a page sends the shopper instead of opening (undefined: it opens). */
export const selectRedirect = (s: SnapshotFrom<typeof pageAccessMachine>) => s.context.redirectTo;

export const selectToasts = (s: NotificationsSnapshot) => s.context.toasts;
export const selectSnackbar = (s: NotificationsSnapshot) => s.context.snackbar;
