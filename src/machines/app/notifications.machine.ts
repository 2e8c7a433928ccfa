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
  description:
    "The store's toasts and snackbar, for every page (storefront.md, Toasts and Business constants; cart-checkout-account.md, Business constants). Toasts stack at the bottom right, at most 8 at once: green ones (success) go after 10 seconds, red ones (failure) after 6 seconds, or when the shopper closes them. One snackbar, such as 'Pin Code Changed', shows for 6 seconds; a newer one replaces it with its own full 6 seconds.",
  id: 'notifications',
  context: { toasts: [], nextId: 1 },
  initial: 'showing',
  states: {
    showing: {
      description: 'Toasts and the snackbar come and go as pages report successes and failures.',
      on: {
        'toast.show': {
          description: 'A new toast joins the stack (the oldest goes beyond 8) and leaves by itself after 10 s (green) or 6 s (red).',
          actions: ['addToast', 'expireLatestToast'],
        },
        'toast.dismiss': { description: 'A toast is closed (by the shopper or its timer).', actions: 'removeToast' },
        'snackbar.show': {
          description: 'A new snackbar replaces the shown one and leaves by itself after 6 s.',
          actions: ['assignSnackbar', 'expireSnackbar'],
        },
        'snackbar.dismiss': {
          description: 'Only the snackbar this timer was set for goes: a newer one keeps its full 6 s.',
          actions: 'clearSnackbar',
        },
      },
    },
  },
});
