// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AreaChangeQuestionView } from '../../src/views/controls/area-change-question.tsx';

afterEach(cleanup);

describe('the pincode question with a line moving to another seller (QA walk: "Everything … comes with you" and nothing more)', () => {
  it('names the new seller and says the date and time are chosen again, beside the price change', () => {
    render(
      <AreaChangeQuestionView
        titleId="q"
        question={{
          target: '60601',
          current: '10001',
          keep: [
            { name: 'USDA Prime Ribeye Steak', size: '16 oz', qty: 2, price: '36.59', new_price: '38.10', new_seller: 'Halsted Meat Market' },
            { name: 'Smoked Salmon', size: '8 oz', qty: 1, price: '24.50' },
          ],
          drop: [],
        }}
        onConfirm={() => undefined}
        onKeep={() => undefined}
      />,
    );
    const sellers = screen.getByRole('region', { name: 'Seller changes' });
    expect(within(sellers).getByRole('listitem').textContent).toBe('USDA Prime Ribeye Steak comes from Halsted Meat Market there');
    expect(within(sellers).getByText('Their delivery date and time will be chosen again.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Price changes' })).getByRole('listitem').textContent).toBe(
      'USDA Prime Ribeye Steak: $36.59 → $38.10',
    );
  });

  it('says nothing of sellers when every line stays with its own', () => {
    render(
      <AreaChangeQuestionView
        titleId="q"
        question={{ target: '10002', keep: [{ name: 'Smoked Salmon', size: '8 oz', qty: 1 }], drop: [] }}
        onConfirm={() => undefined}
        onKeep={() => undefined}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Seller changes' })).toBeNull();
  });
});
