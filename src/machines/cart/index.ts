import type { SnapshotFrom } from 'xstate';
import type { KeptLine } from '../../api/contract/cart-page.contract.ts';
import type { cartCouponMachine } from './cart-coupon.machine.ts';
import type { cartLinesMachine } from './cart-lines.machine.ts';
import type { cartMachine } from './cart.machine.ts';
import type { deliveryGroupMachine } from './delivery-group.machine.ts';
import { walletVisitTimesOf, type walletVisitMachine } from './wallet-visit.machine.ts';

/**
 * The door to the cart page (docs/decisions/032): the cart machine and what its children (the line queue, the coupon
 * box, one delivery group per seller) show. Views import this file only.
 */
export { cartMachine } from './cart.machine.ts';
export { type CartEvent, type DeliveryGroupRef } from './cart.setup.ts';
export type { CartCouponEvent, CouponMessage } from './cart-coupon.machine.ts';
export type { CartLinesEvent } from './cart-lines.machine.ts';
export type { DeliveryGroupEvent } from './delivery-group.machine.ts';
export { walletVisitMachine, type WalletVisitEvent } from './wallet-visit.machine.ts';

type CartSnapshot = SnapshotFrom<typeof cartMachine>;
export const selectCartLoadError = (s: CartSnapshot) => s.context.loadError;
export const selectCart = (s: CartSnapshot) => s.context.cart;
/** The line queue's actor (quantity changes and removals). */
export const selectLinesActor = (s: CartSnapshot) => s.context.lines;
/** The coupon box's actor. */
export const selectCouponActor = (s: CartSnapshot) => s.context.coupon;
/** One delivery group's actor per seller. */
export const selectGroups = (s: CartSnapshot) => s.context.groups;
export const selectCartProblems = (s: CartSnapshot) => s.context.problems;
export const selectCartClock = (s: CartSnapshot) => s.context.now;
/** Lines kept for other zips (decision 047), and whether one is being removed. */
const noKeptLines: readonly KeptLine[] = [];
export const selectKeptLines = (s: CartSnapshot): readonly KeptLine[] => s.context.cart?.kept_lines ?? noKeptLines;
export const selectKeptRemoving = (s: CartSnapshot) => s.hasTag('removingKept');
export const selectCalendarMessage = (s: CartSnapshot) => (s.matches({ ready: { calendar: 'failed' } }) ? s.context.calendarMessage : undefined);

/** Quantities changed here and not yet confirmed by the server. */
export const selectPendingLines = (s: SnapshotFrom<typeof cartLinesMachine>) => s.context.pending;

type CouponSnapshot = SnapshotFrom<typeof cartCouponMachine>;
export const selectCouponText = (s: CouponSnapshot) => s.context.couponText;
export const selectCouponMessage = (s: CouponSnapshot) => s.context.couponMessage;
/**
 * Whether the coupon box takes typing: only while no coupon is applied or removed. The machine drops a keystroke
 * while a request is out, so the box is read-only then instead of losing what is typed.
 */
export const selectCouponEditable = (s: CouponSnapshot): boolean => s.can({ type: 'coupon.change', code: '' });

type DeliveryGroupSnapshot = SnapshotFrom<typeof deliveryGroupMachine>;
export const selectGroupCalendar = (s: DeliveryGroupSnapshot) => s.context.calendar;
export const selectGroupSpeed = (s: DeliveryGroupSnapshot) => s.context.speed;
export const selectGroupVendorName = (s: DeliveryGroupSnapshot) => s.context.vendorName;
export const selectGroupVendorLocId = (s: DeliveryGroupSnapshot) => s.context.vendorLocId;
/** The date shown: the one being chosen, else the one saved. */
export const selectGroupDate = (s: DeliveryGroupSnapshot) => s.context.draftDate ?? s.context.date;
export const selectGroupDateError = (s: DeliveryGroupSnapshot) => s.context.dateError;
export const selectGroupSlots = (s: DeliveryGroupSnapshot) => s.context.slots;
/** The slot shown: the one being chosen, else the one saved. */
export const selectGroupSlotId = (s: DeliveryGroupSnapshot) => s.context.draftSlotId ?? s.context.slotId;
export const selectGroupSlotsMessage = (s: DeliveryGroupSnapshot) => s.context.slotsMessage;

type WalletVisitSnapshot = SnapshotFrom<typeof walletVisitMachine>;
/** A wallet group's visit being chosen: the date, the time, the times offered that day and why SAVE was refused. */
export const selectWalletVisit = (s: WalletVisitSnapshot) => ({
  today: s.context.today,
  date: s.context.date,
  time: s.context.time,
  times: walletVisitTimesOf(s.context),
  problem: s.context.problem,
  saving: !s.matches('choosing'),
});
