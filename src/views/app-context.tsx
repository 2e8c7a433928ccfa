import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectSessionValues, type notificationsMachine, type SessionValues, type sessionMachine, type ToastKind } from '../machines/app/index.ts';

export interface AppActors {
  session: ActorRefFrom<typeof sessionMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
}

export const AppActorsContext = createContext<AppActors | null>(null);

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('AppActorsContext is missing: render views inside <AppActorsContext.Provider>');
  return actors;
}

/** One session value, re-rendering only when it changes. */
export function useSessionValue<K extends keyof SessionValues>(key: K): SessionValues[K] {
  const { session } = useAppActors();
  return useSelector(session, (snapshot) => selectSessionValues(snapshot)[key]);
}

export function useNotify() {
  const { notifications } = useAppActors();
  return useMemo(
    () => ({
      toast: (kind: ToastKind, message: string) => notifications.send({ type: 'toast.show', kind, message }),
      snackbar: (message: string) => notifications.send({ type: 'snackbar.show', message }),
    }),
    [notifications],
  );
}
