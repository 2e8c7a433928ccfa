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
export const selectSellerDayBusy = (s: SellerDaySnapshot): boolean => s.matches('loading') || s.matches('readingBeforeClose') || s.matches('saving');
export const selectSellerDayFailed = (s: SellerDaySnapshot): boolean => s.matches('failed');
/** Closing a day: how many orders are booked on it (0 for none), while the console asks before closing (undefined otherwise). */
export const selectSellerDayClosing = (s: SellerDaySnapshot): number | undefined =>
  s.matches('confirmingClose') ? (s.context.day?.booked_orders ?? 0) : undefined;
/**
 * Whether the day can be changed (Close, Reopen, a slot's seats, a product's stock): only while it is shown. While it
 * is read or a change is sent, and after a read failed (the day drawn is the one before), the machine takes none of
 * them, so the panel disables them instead of dropping the seller's change.
 */
export const selectSellerDayEditable = (s: SellerDaySnapshot): boolean => s.can({ type: 'day.close' });
