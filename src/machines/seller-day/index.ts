import type { SnapshotFrom } from 'xstate';
import type { CapacityDay } from '../../api/contract/seller-capacity.contract.ts';
import type { sellerDayMachine } from './seller-day.machine.ts';

/** The door to the seller's day in the console (issue 24 item 3, docs/decisions/040). Views import this file only. */
export { sellerDayMachine, type SellerDayEvent, type SellerDayInput } from './seller-day.machine.ts';

type SellerDaySnapshot = SnapshotFrom<typeof sellerDayMachine>;

export const selectSellerDay = (s: SellerDaySnapshot): CapacityDay | undefined => s.context.day;
export const selectSellerDayDate = (s: SellerDaySnapshot): string => s.context.date;
export const selectSellerDayLocId = (s: SellerDaySnapshot): number => s.context.locId;
export const selectSellerDayError = (s: SellerDaySnapshot): string | undefined => s.context.error;
export const selectSellerDayBusy = (s: SellerDaySnapshot): boolean => s.matches('loading') || s.matches('saving');
export const selectSellerDayFailed = (s: SellerDaySnapshot): boolean => s.matches('failed');
