// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeMoment } from '../../src/rules/store-moment.ts';
import { OrderTimeline } from '../../src/views/controls/order-timeline.tsx';

afterEach(cleanup);

describe('the order timeline read as text (walk 7: "Order placedby you", the gap only CSS\'s)', () => {
  it('keeps a space between the step, who took it, when and why', () => {
    const placedAt = '2026-11-30T23:30:00.000Z';
    const servedAt = '2026-12-01T01:00:00.000Z';
    render(
      <OrderTimeline
        kind="dine_in"
        steps={[
          { state: 'placed', at: placedAt, actor: 'shopper', reason: null },
          { state: 'canceled', at: servedAt, actor: 'staff', reason: 'Closed for a private event' },
        ]}
      />,
    );
    const [placed, canceled] = within(screen.getByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');
    expect(placed?.textContent).toBe(`Order placed by you ${storeMoment(placedAt)}`);
    expect(canceled?.textContent).toMatch(new RegExp(` by the store ${storeMoment(servedAt)} Closed for a private event$`));
  });

  it("a closed day's step is its own sentence, then its time: not '… by the seller' (walk 8 #9)", () => {
    const at = '2026-12-01T01:00:00.000Z';
    render(<OrderTimeline kind="pickup" steps={[{ state: 'day_closed', at, actor: 'seller', reason: null }]} />);
    const [closed] = within(screen.getByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');
    expect(closed?.textContent).toBe(`The seller closed that day: you can cancel the pick-up · ${storeMoment(at)}`);
  });
});
