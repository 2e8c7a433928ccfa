// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { primaryButton, secondaryButton } from '../../src/styles/controls.css.ts';
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

describe('the answers when the change would remove lines (walk 7: the removing answer came first and primary)', () => {
  it('offers keeping them for the old option first and as the primary answer; removing them is a secondary answer', () => {
    render(
      <AreaChangeQuestionView
        titleId="q"
        question={{
          target: 'Dine-In',
          current: 'Delivery',
          keepFor: 'Delivery',
          keep: [],
          drop: [
            { name: 'Beef Brisket', size: '2 lb', qty: 1 },
            { name: 'Smoked Salmon', size: '8 oz', qty: 1 },
          ],
        }}
        onConfirm={() => undefined}
        onKeep={() => undefined}
        onKeepOld={() => undefined}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Change to Dine-In and keep 2 items for Delivery',
      'Change to Dine-In and remove 2 items',
      'Keep Delivery and my whole cart',
    ]);
    expect(buttons[0]?.className).toBe(primaryButton);
    expect(buttons[1]?.className).toBe(secondaryButton);
  });
});
