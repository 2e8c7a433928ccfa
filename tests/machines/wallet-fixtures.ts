import type { WalletEntry, WalletProduct, WalletRetailer } from '../../src/api/contract/wallet.contract.ts';

/** Wallet rows, restaurants and products for the wallet machine tests. */

/** The tests' clock: 1 December 2026, noon in New York. */
export const walletNow = () => new Date('2026-12-01T17:00:00Z');
export function walletRow(id: number, state: string, stars: number, remaining: number): WalletEntry {
  return {
    id,
    itemName: `Item ${id}`,
    orderNo: `10000000${id}`,
    ordered: remaining + 1,
    consumed: 1,
    remaining,
    unit: 'portion',
    price_category: stars,
    state,
    retailer: 'Butcher',
  };
}

/** NY 4 star with 3 left, NY 2 star used up, IL 4 star with 1 left. */
export const walletRows: WalletEntry[] = [walletRow(1, 'NY', 4, 3), walletRow(2, 'NY', 2, 0), walletRow(3, 'IL', 4, 1)];

export const retailers: WalletRetailer[] = [
  {
    location_id: 910101,
    vendor_id: 9101,
    vendor_name: 'Harbor Oyster Bar',
    price_category: 4,
    address: '12 Pier Street, New York',
    opens_at: '11:30',
    closes_at: '22:00',
  },
  // Opens at 5 pm, like Hudson Prime: no lunch tables.
  {
    location_id: 910201,
    vendor_id: 9102,
    vendor_name: 'Sake House',
    price_category: 4,
    address: '88 Mott Street, New York',
    opens_at: '17:00',
    closes_at: '23:00',
  },
];

export const walletProductList: WalletProduct[] = [
  {
    prod_id: 11,
    prod_name: 'Ribeye Steak Dinner',
    image: '/media/products/11/0.svg',
    size_unit: 'g',
    unit: 'portion',
    child: [{ id: 111, bottle_size: 400, price: '38.00', pastorderid: '100000001' }],
    available_wallet: 2,
    redeamable_here: 2,
    wallet_worth: '76.00',
  },
  {
    prod_id: 12,
    prod_name: 'Junmai Sake',
    image: '/media/products/12/0.svg',
    size_unit: 'ml',
    unit: 'ml',
    child: [],
    available_wallet: 750,
    redeamable_here: 0,
    wallet_worth: '45.00',
  },
];
