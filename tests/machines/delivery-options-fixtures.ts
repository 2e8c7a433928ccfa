import type { NextDeliveryDateReply } from '../../src/api/contract/cart-page.contract.ts';

/**
 * The delivery options tests' area shop calendar (nextDeliveryDate by vendor_loc_id), shared by the machine and view
 * tests: the shop (loc 101) is closed on Sundays and at Christmas; Sunday 6 December is inside the picker's days.
 */
export const sunday = '2026-12-06';
export const sundays = 'Hudson Street Butchers is closed on Sundays.';
export const holiday = 'Hudson Street Butchers is closed on 12/25/2026 (Christmas Day).';
export const shopCalendar: NextDeliveryDateReply = {
  status: 1,
  response: [
    {
      vendor_id: 1,
      vendor_loc_id: 101,
      delivery_type: 'local',
      delivery_date: '2026-12-01',
      holidays: [sunday, '2026-12-13', '2026-12-25'],
      closed: [
        { date: sunday, reason: sundays },
        { date: '2026-12-13', reason: sundays },
        { date: '2026-12-25', reason: holiday },
      ],
      cutoff: '2026-12-01T20:00:00.000Z',
    },
  ],
};
