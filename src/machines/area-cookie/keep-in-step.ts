import type { Actor } from 'xstate';
import type { notificationsMachine } from '../app/notifications.machine.ts';
import { followSessionEnd } from '../app/session-end.ts';
import type { sessionMachine } from '../app/session.machine.ts';
import { mirrorAreaCookie } from './area-cookie-mirror.ts';
import { forgetRefusedVisit } from './refused-visit.ts';

/**
 * What main.tsx starts after the first render, in one call (each line of the entry costs the store's first load): the
 * area copied into its cookie, a restaurant the server refuses forgotten, and (walk 5 #4) a session ended elsewhere
 * ended here too. The http layer's hooks come from main.tsx (machines never reach for http.ts themselves).
 */
export function keepInStep(
  { session, notifications }: { session: Actor<typeof sessionMachine>; notifications: Actor<typeof notificationsMachine> },
  onRestaurantRefused: (listener: (restaurantLocId: number) => void) => void,
  onTokenRefused: (listener: (error: Error, token: string) => void) => void,
): void {
  mirrorAreaCookie(session);
  onRestaurantRefused(forgetRefusedVisit(session, notifications));
  followSessionEnd(session, onTokenRefused);
}
