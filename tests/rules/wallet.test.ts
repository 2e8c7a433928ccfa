import { describe, expect, it } from 'vitest';
import { checkoutProblems, checkoutTarget, isWalletOnlyCart } from '../../src/rules/cart-checkout.ts';
import { deliveryOptionMessages } from '../../src/rules/messages.ts';
import {
  canRedeem,
  redeemBlockedReason,
  walletHoldingText,
  walletPriceText,
  categoryOptions,
  filterWalletRows,
  formatWalletAmount,
  isWalletOnlyLines,
  sortWalletProducts,
  totalAvailableLabel,
  totalAvailableText,
  couponApplies,
  giftApplies,
  outOfStockChoiceApplies,
  visitProblems,
  walletStates,
  walletTexts,
  walletUnitOf,
  walletUnitsOf,
  walletVisitTimes,
  isWalletVisitOffered,
  waitingForServeText,
} from '../../src/rules/wallet.ts';

const rows = [
  { remaining: 750, price_category: 4, state: 'NY', unit: 'ml' },
  { remaining: 0, price_category: 2, state: 'NY', unit: 'portion' },
  { remaining: 2, price_category: 4, state: 'IL', unit: 'portion' },
];

describe('wallet units', () => {
  it('holds drinks in millilitres and food in portions', () => {
    expect(walletUnitOf('ml')).toBe('ml');
    expect(walletUnitOf('g')).toBe('portion');
    expect(walletUnitsOf('ml', 750, 2)).toBe(1500);
    expect(walletUnitsOf('portion', 400, 2)).toBe(2);
    expect([formatWalletAmount(1, 'portion'), formatWalletAmount(3, 'portion'), formatWalletAmount(100, 'ml')]).toEqual([
      '1 portion',
      '3 portions',
      '100 ml',
    ]);
  });
});

describe('the Dine-In panel filters', () => {
  it('narrows by state and category and totals what is left, per unit', () => {
    expect(walletStates(rows)).toEqual(['All', 'IL', 'NY']);
    expect(filterWalletRows(rows, { state: 'NY', category: 0 })).toHaveLength(2);
    expect(filterWalletRows(rows, { state: 'All', category: 4 })).toHaveLength(2);
    expect(totalAvailableText(rows)).toBe('750 ml · 2 portions');
    // QA: an empty wallet read 'Total Available Liquor: 0', with no unit.
    expect(totalAvailableText([])).toBe('0 portions');
    expect(totalAvailableText(rows.map((row) => ({ ...row, remaining: 0 })))).toBe('0 ml · 0 portions');
  });

  it('labels the total with the spec’s words for drinks, and a label that fits once food is among the rows (walk 7 #10)', () => {
    const [wine, , steak] = rows;
    if (!wine || !steak) throw new Error('no rows');
    expect(totalAvailableLabel([wine])).toBe('Total Available Liquor');
    expect(totalAvailableLabel([wine])).toBe(walletTexts.totalAvailable);
    // 'Total Available Liquor: 2 portions' counted a steak as liquor.
    expect(totalAvailableLabel([steak])).toBe('Total Available');
    expect(totalAvailableLabel(rows)).toBe('Total Available');
    expect(totalAvailableLabel([])).toBe('Total Available');
  });

  it('disables categories with no rows in the state', () => {
    const ny = categoryOptions(rows, 'NY');
    expect(ny.filter((o) => !o.disabled).map((o) => o.label)).toEqual(['All', '2 star', '4 star']);
    expect(
      categoryOptions(rows, 'IL')
        .filter((o) => !o.disabled)
        .map((o) => o.value),
    ).toEqual([0, 4]);
  });

  it('REDEEM NOW needs a state and something left', () => {
    expect(canRedeem(rows, { state: 'All', category: 0 })).toBe(false);
    expect(canRedeem(rows, { state: 'NY', category: 2 })).toBe(false);
    expect(canRedeem(rows, { state: 'NY', category: 0 })).toBe(true);
  });

  it('says in words why REDEEM NOW is disabled (issue 23: the reason was for screen readers only)', () => {
    expect(redeemBlockedReason(rows, { state: 'All', category: 0 })).toBe('Selecting state is mandatory');
    expect(redeemBlockedReason(rows, { state: 'NY', category: 2 })).toBe(walletTexts.nothingLeft);
    expect(redeemBlockedReason(rows, { state: 'NY', category: 0 })).toBeUndefined();
  });
});

describe('the wallet redeem page’s money (issue 23)', () => {
  it('shows what the shopper paid for a size and that redeeming it costs nothing, and what the wallet holds is worth', () => {
    expect(walletPriceText('65.79')).toBe('$65.79 prepaid · $0.00 to redeem');
    expect(walletHoldingText(2, 'portion', '131.58')).toBe('2 portions · worth $131.58');
    expect(walletHoldingText(750, 'ml', '45.00')).toBe('750 ml · worth $45.00');
  });
});

describe('the visit and the product list', () => {
  it('needs a retailer, a date today or later and one of the restaurant’s dine-in tables (what place order accepts)', () => {
    const today = '2026-12-01';
    // Noon in New York on 1 December.
    const now = new Date('2026-12-01T17:00:00Z');
    const fivePm = { opens_at: '17:00', closes_at: '23:00' };
    const lunch = { opens_at: '11:30', closes_at: '22:00' };
    expect(visitProblems({ retailerId: undefined, date: '', time: '' }, undefined, now)).toEqual({
      retailer: deliveryOptionMessages.retailerRequired,
      dateTime: deliveryOptionMessages.visitTimeRequired,
    });
    expect(visitProblems({ retailerId: 1, date: '2026-11-30', time: '19:00' }, fivePm, now)).toEqual({ dateTime: walletTexts.dateTodayOrLater });
    // The old 10-16 window's times are refused at a restaurant that opens at 5 pm; its evening tables are fine.
    expect(visitProblems({ retailerId: 1, date: today, time: '13:00' }, fivePm, now)).toEqual({ dateTime: deliveryOptionMessages.visitTimeRequired });
    expect(visitProblems({ retailerId: 1, date: today, time: '19:00' }, fivePm, now)).toEqual({});
    expect(visitProblems({ retailerId: 1, date: today, time: '22:30' }, fivePm, now)).toEqual({ dateTime: deliveryOptionMessages.visitTimeRequired });
    expect(visitProblems({ retailerId: 1, date: today, time: '19:15' }, fivePm, now)).toEqual({ dateTime: deliveryOptionMessages.visitTimeRequired });
    // Today only what is still ahead; no hours, no time.
    expect(visitProblems({ retailerId: 1, date: today, time: '11:30' }, lunch, now)).toEqual({ dateTime: deliveryOptionMessages.visitTimeRequired });
    expect(visitProblems({ retailerId: 1, date: today, time: '12:30' }, lunch, now)).toEqual({});
    expect(visitProblems({ retailerId: 1, date: today, time: '19:00' }, undefined, now)).toEqual({
      dateTime: deliveryOptionMessages.visitTimeRequired,
    });
    expect(walletVisitTimes(fivePm, '2026-12-02', now)).toEqual([
      '17:00',
      '17:30',
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
    ]);
    expect(walletVisitTimes(lunch, today, now)[0]).toBe('12:30');
    expect(walletVisitTimes(undefined, today, now)).toEqual([]);
    // A cart's wallet group asks again for a visit none kept, or one no longer offered (walk 5 #1).
    expect(isWalletVisitOffered(`${today} 19:00`, fivePm, now)).toBe(true);
    expect(isWalletVisitOffered(undefined, fivePm, now)).toBe(false);
    expect(isWalletVisitOffered(`${today} 11:30`, lunch, now)).toBe(false);
    expect(isWalletVisitOffered('2026-11-30 19:00', fivePm, now)).toBe(false);
  });

  it('sorts by name and by price', () => {
    const products = [
      { prod_name: 'Sake', priceCents: 3000 },
      { prod_name: 'Oysters', priceCents: 2400 },
      { prod_name: 'Ribeye', priceCents: 3800 },
    ];
    const names = (key: Parameters<typeof sortWalletProducts>[1]) => sortWalletProducts(products, key).map((p) => p.prod_name);
    expect(names('name_asc')).toEqual(['Oysters', 'Ribeye', 'Sake']);
    expect(names('name_desc')).toEqual(['Sake', 'Ribeye', 'Oysters']);
    expect(names('price_desc')).toEqual(['Ribeye', 'Sake', 'Oysters']);
    expect(names('price_asc')).toEqual(['Oysters', 'Sake', 'Ribeye']);
  });
});

describe('wallet lines in the cart', () => {
  const walletGroup = { vendor_loc_id: 9, type: 'local' as const, delivery_date: null, timeslot: null, wallet: true };
  const shopGroup = { vendor_loc_id: 101, type: 'local' as const, delivery_date: null, timeslot: null };
  it('a wallet group needs no date or slot, and a wallet-only cart goes straight to the card tab', () => {
    expect(checkoutProblems([{ ...walletGroup, dinein_time: '2030-06-04 19:00' }, shopGroup])).toEqual({
      101: { date: 'Required', slot: 'Required' },
    });
    // Its table only (walk 6 #3): none kept and none chosen in this browser is asked for before CHECKOUT.
    expect(checkoutProblems([walletGroup])).toEqual({ [walletGroup.vendor_loc_id]: { visit: "Choose your table's date and time." } });
    expect(isWalletOnlyCart([walletGroup])).toBe(true);
    expect(isWalletOnlyCart([walletGroup, shopGroup])).toBe(false);
    expect(isWalletOnlyCart([])).toBe(false);
    expect(checkoutTarget(undefined, true)).toBe('/cart/card');
    expect(checkoutTarget(undefined, false)).toBe('/cart/address');
    expect(isWalletOnlyLines([{ wallet: true }, { wallet: false }])).toBe(false);
  });
});

describe('the $0 redemption summary (QA: a coupon box and an "If out of stock" choice that cannot apply)', () => {
  it('offers no out-of-stock choice for a wallet line and no coupon for an order of wallet lines only', () => {
    expect(outOfStockChoiceApplies({ wallet: true })).toBe(false);
    expect(outOfStockChoiceApplies({})).toBe(true);
    expect(couponApplies([{ wallet: true }, { wallet: true }])).toBe(false);
    expect(couponApplies([{ wallet: true }, { wallet: false }])).toBe(true);
  });

  it('offers no gift for an order of wallet lines only: nothing is sent to anyone (walk 7 #10)', () => {
    expect(giftApplies([{ wallet: true }])).toBe(false);
    expect(giftApplies([{ wallet: true }, { wallet: false }])).toBe(true);
    expect(giftApplies([{}])).toBe(true);
  });
});

describe('a paid dine-in order not yet served (QA walk 5 defect 7)', () => {
  const paid = { status: 'processing', fulfilment_state: 'accepted', grand_total: '112.58' };
  it('says its portions come to the wallet when the restaurant serves it, and nothing once served, ended, unpaid or free', () => {
    expect(waitingForServeText([paid])).toBe('Your paid dine-in order comes to your wallet when the restaurant serves it.');
    expect(waitingForServeText([paid, { ...paid, fulfilment_state: 'placed' }])).toBe(
      'Your paid dine-in orders come to your wallet when the restaurant serves them.',
    );
    expect(waitingForServeText([{ ...paid, fulfilment_state: 'served' }])).toBeUndefined();
    expect(waitingForServeText([{ ...paid, status: 'canceled', fulfilment_state: 'canceled' }])).toBeUndefined();
    expect(waitingForServeText([{ ...paid, status: 'payment failed' }])).toBeUndefined();
    expect(waitingForServeText([{ ...paid, grand_total: '0.00' }])).toBeUndefined();
  });
});
