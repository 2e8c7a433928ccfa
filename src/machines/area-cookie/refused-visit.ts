import type { Actor } from 'xstate';
import { visitNoLongerOfferedMessage } from '../../rules/refused-visit.ts';
import type { notificationsMachine } from '../app/notifications.machine.ts';
import { visitChoiceKeys } from '../app/session-choices.ts';
import type { sessionMachine } from '../app/session.machine.ts';

/**
 * What the store does when the server refuses the chosen restaurant (src/api/http.ts onRestaurantRefused: it no longer
 * sells the Dine-In or Pick-Up visit in the shopper's area — gone, or the area changed in a way the store did not
 * see): the Delivery Options choice is forgotten, as a new area forgets it (pincode dialog), so every catalogue read
 * asks again without it and the page recovers on Delivery; the snackbar says so and where to choose again. An answer
 * to a restaurant the shopper has since changed from is ignored, and so are the others of the same refusal (the home,
 * the menu and the listing ask at once): the choice is dropped, and told, once. Loaded after the first render with the
 * area's cookie copy (main.tsx), out of the first load; a refusal before then waits for it (src/api/http.ts).
 */
export function forgetRefusedVisit(
  session: Actor<typeof sessionMachine>,
  notifications: Actor<typeof notificationsMachine>,
): (restaurantLocId: number) => void {
  return (restaurantLocId) => {
    const stored = session.getSnapshot().context;
    if (stored.retailer !== restaurantLocId && stored.vendor_location_id !== restaurantLocId) return;
    const visit = stored.couriertype === 'pickup' ? 'Pick-Up' : 'Dine-In';
    session.send({ type: 'session.forget', keys: [...visitChoiceKeys] });
    notifications.send({ type: 'snackbar.show', message: visitNoLongerOfferedMessage(visit, stored.retailer_name) });
  };
}
