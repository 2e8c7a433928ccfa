import { assign, raise, setup } from 'xstate';

export type ToastKind = 'success' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface NotificationsContext {
  toasts: Toast[];
  snackbar?: { id: number; message: string } | undefined;
  nextId: number;
}

export type NotificationsEvent =
  | { type: 'toast.show'; kind: ToastKind; message: string }
  | { type: 'toast.dismiss'; id: number }
  | { type: 'snackbar.show'; message: string }
  | { type: 'snackbar.dismiss'; id: number };

export const maxToasts = 8;
export const toastLifetimeMs: Record<ToastKind, number> = { success: 10_000, error: 6_000 };
export const snackbarLifetimeMs = 6_000;

/** Toasts (bottom-right, at most 8, green 10 s / red 6 s) and the one snackbar (6 s). */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  delays: {
    toastLifetime: ({ event }) => (event.type === 'toast.show' ? toastLifetimeMs[event.kind] : toastLifetimeMs.error),
    snackbarLifetime: snackbarLifetimeMs,
  },
  actions: {
    addToast: assign(({ context, event }) => {
      if (event.type !== 'toast.show') return {};
      const toasts = [...context.toasts, { id: context.nextId, kind: event.kind, message: event.message }];
      return { toasts: toasts.slice(-maxToasts), nextId: context.nextId + 1 };
    }),
    expireLatestToast: raise(({ context }) => ({ type: 'toast.dismiss' as const, id: context.nextId - 1 }), {
      delay: 'toastLifetime',
    }),
    removeToast: assign(({ context, event }) => (event.type === 'toast.dismiss' ? { toasts: context.toasts.filter((t) => t.id !== event.id) } : {})),
    assignSnackbar: assign(({ context, event }) =>
      event.type === 'snackbar.show' ? { snackbar: { id: context.nextId, message: event.message }, nextId: context.nextId + 1 } : {},
    ),
    expireSnackbar: raise(({ context }) => ({ type: 'snackbar.dismiss' as const, id: context.nextId - 1 }), {
      delay: 'snackbarLifetime',
    }),
    // Only the snackbar this timer was set for: a newer one keeps its full 6 s.
    clearSnackbar: assign(({ context, event }) =>
      event.type === 'snackbar.dismiss' && context.snackbar?.id === event.id ? { snackbar: undefined } : {},
    ),
  },
}).createMachine({
  id: 'notifications',
  context: { toasts: [], nextId: 1 },
  initial: 'showing',
  states: {
    showing: {
      on: {
        'toast.show': { actions: ['addToast', 'expireLatestToast'] },
        'toast.dismiss': { actions: 'removeToast' },
        'snackbar.show': { actions: ['assignSnackbar', 'expireSnackbar'] },
        'snackbar.dismiss': { actions: 'clearSnackbar' },
      },
    },
  },
});
