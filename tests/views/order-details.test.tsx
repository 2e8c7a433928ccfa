// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderDetails } from '../../src/views/account/order-details.tsx';
import { order } from '../machines/order-fixtures.ts';

afterEach(cleanup);

describe('an order on /setting/order (issue 23)', () => {
  it('shows its discount taken off, with a minus sign, as the cart and the summary do', () => {
    render(<OrderDetails order={{ ...order('100000007', 'Local Delivery'), discount: '5.00', grand_total: '22.22' }} />);
    expect(within(screen.getByLabelText('Order totals')).getByText('-$5.00')).toBeTruthy();
  });

  it('gives a dine-in row its visit time beside the date', () => {
    const dineIn = order('100000008', 'Dine-in');
    const items = dineIn.items.map((item) => ({ ...item, time_slot: '7:00 PM' }));
    render(<OrderDetails order={{ ...dineIn, items, dine_in_items: items }} />);
    expect(screen.getByText('12/01/2026 7:00 PM')).toBeTruthy();
  });
});
