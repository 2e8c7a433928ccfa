import type { SnapshotFrom } from 'xstate';
import { chosenRetailer, retailersShown, timesShown, type deliveryOptionsMachine } from './delivery-options.machine.ts';

type DeliveryOptionsSnapshot = SnapshotFrom<typeof deliveryOptionsMachine>;
export const selectRetailersShown = (s: DeliveryOptionsSnapshot) => retailersShown(s.context);
export const selectTimesShown = (s: DeliveryOptionsSnapshot) => timesShown(s.context);
export const selectChosenRetailer = (s: DeliveryOptionsSnapshot) => chosenRetailer(s.context);
