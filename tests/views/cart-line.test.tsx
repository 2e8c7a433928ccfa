// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CartLine } from '../../src/views/cart/cart-line.tsx';
import { ribeye } from '../machines/cart-fixtures.ts';

afterEach(cleanup);

const weighed = { ...ribeye, sold_by_weight: true, bottle_size: 500, qty: 1, product_price: '65.79', row_total: '65.79' };

function show(type: typeof ribeye.type) {
  render(<CartLine line={{ ...weighed, type, speed_id: type }} onQuantity={() => undefined} onRemove={() => undefined} />);
}

describe('a weighed cart line in its mode’s words (QA walk 7 #5: a Dine-In steak was "charged at the weight packed")', () => {
  it('a table serves it, a counter hands it over, a delivery packs it', () => {
    show('dine-in');
    expect(screen.getByText('about 1.1 lb, est. $65.79, charged at the weight served (at most +10%)')).toBeTruthy();
    expect(screen.queryByText(/packed/)).toBeNull();
    cleanup();
    show('pickup');
    expect(screen.getByText('about 1.1 lb, est. $65.79, charged at the weight handed over (at most +10%)')).toBeTruthy();
    cleanup();
    show('local');
    expect(screen.getByText('about 1.1 lb, est. $65.79, charged at the weight packed (at most +10%)')).toBeTruthy();
  });
});
