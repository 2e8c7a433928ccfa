// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ProductSize } from '../../src/api/contract/product.contract.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { ProductPurchase, useAddToCartActor } from '../../src/views/store/product/product-purchase.tsx';

function size(id: number, grams: number, stock: number, price: string): ProductSize {
  return {
    id,
    bottle_size: grams,
    price,
    maximumprice: price,
    brand_name: 'Harbor Catch',
    product_type: 'Fresh',
    product_category: 'Seafood',
    country_of_manufacture: null,
    stock_status: stock > 0 ? 'in stock' : 'out of stock',
    speed_id: [{ Type: 'local', Loc_id: 102, Price: price, vendor_name: 'Fishmonger', stock }],
  };
}

function Purchase({ sizes, drink }: { sizes: ProductSize[]; drink: boolean }) {
  const actor = useAddToCartActor(sizes, drink);
  return drink ? <ProductPurchase actor={actor} sizes={sizes} sizeUnit="ml" ageRestricted /> : <ProductPurchase actor={actor} sizes={sizes} />;
}

function renderPurchase(sizes: ProductSize[], drink = false, stored: SessionValues = { zipcode: '10001', location: 101 }) {
  const session = createActor(sessionMachine, { input: stored }).start();
  const notifications = createActor(notificationsMachine).start();
  return render(
    <MemoryRouter>
      <AppActorsContext.Provider value={{ session, notifications }}>
        <Purchase sizes={sizes} drink={drink} />
      </AppActorsContext.Provider>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('product purchase', () => {
  it('reads OUT OF STOCK and is disabled when the chosen offer has no stock', () => {
    renderPurchase([size(1, 500, 0, '49.99'), size(2, 1000, 0, '89.99')]);
    const button = screen.getByRole('button', { name: 'OUT OF STOCK' });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'ADD TO CART' })).toBeNull();
  });

  it('reads ADD TO CART when in stock, and the price follows the size', () => {
    renderPurchase([size(2, 1000, 3, '29.99'), size(1, 500, 5, '16.99')]);
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toHaveProperty('disabled', false);
    expect(screen.getByLabelText('Price').textContent).toBe('$16.99');
    fireEvent.click(screen.getByRole('combobox', { name: 'SELECT SIZE' }));
    fireEvent.click(screen.getByRole('option', { name: '1 kg' }));
    expect(screen.getByLabelText('Price').textContent).toBe('$29.99');
    expect(screen.queryByRole('img', { name: '21 and over' })).toBeNull();
  });

  it("an age-restricted drink shows the '21+' mark, says verification is needed and reads its sizes in ml", () => {
    renderPurchase([size(1, 750, 5, '34.99'), size(2, 1500, 2, '64.99')], true);
    expect(screen.getByRole('img', { name: '21 and over' }).textContent).toBe('21+');
    expect(screen.getByText('Age-restricted: you must be over 21 and verify your identity before ordering.')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'SELECT SIZE' }));
    expect(screen.getByRole('option', { name: '750 ml' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '1.5 L' })).toBeTruthy();
  });

  it('does not ask a verified customer to verify their identity again (QA walk 4 #5)', () => {
    const verified: SessionValues = { zipcode: '10001', location: 101, Token: 't', cust_name: 'Fay', verification_id: 'KYC-1' };
    renderPurchase([size(1, 750, 5, '34.99')], true, verified);
    expect(screen.getByRole('img', { name: '21 and over' }).textContent).toBe('21+');
    expect(screen.getByText('Age-restricted: over 21 only. Your identity is verified.')).toBeTruthy();
    expect(screen.queryByText(/verify your identity/)).toBeNull();
  });

  it('a guest pressing ADD TO CART on a restricted drink is asked to create an account and verify, with both links', () => {
    renderPurchase([size(1, 750, 5, '34.99')], true);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Please create an account and verify your identity (21+) to buy this.');
    expect(within(alert).getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/createAccount');
    expect(within(alert).getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe('/kyc');
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toHaveProperty('disabled', false);
  });

  it('a signed-in customer gets no such message (the add goes to the server)', () => {
    renderPurchase([size(1, 750, 5, '34.99')], true, { zipcode: '10001', location: 101, Token: 't', CustomerId: 7, cust_name: 'Ada' });
    fireEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'ADDING…' })).toBeTruthy();
  });
});
