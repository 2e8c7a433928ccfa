import { describe, expect, it } from 'vitest';
import {
  refusedBeforeText,
  restCancelMailText,
  restCancelQuestion,
  restCanceledText,
  restOfOrderOf,
  type RestOfOrder,
} from '../../src/rules/rest-cancel.ts';

const rest: RestOfOrder = { payment: 'refund', restCents: 4169, refused: [{ vendorName: 'Fulton Fish Co.', totalCents: 2863 }] };

describe('the words for a cancel of the rest after a refused part', () => {
  it('say what is refunded now and what was refunded at the refusal, by amount, never "in full"', () => {
    expect(restCancelQuestion(rest)).toBe(
      "Cancel the rest of this order? The rest of your payment, $41.69, will be refunded. Fulton Fish Co.'s part ($28.63) was refunded when it was refused.",
    );
    expect(restCanceledText(rest)).toBe(
      "Your order was canceled. The rest of your payment, $41.69, will be refunded. Fulton Fish Co.'s part ($28.63) was refunded when it was refused.",
    );
    expect(restCancelMailText(rest)).toBe(
      "We refunded $41.69, the rest of your payment. Fulton Fish Co.'s part ($28.63) was refunded when it was refused.",
    );
  });

  it('a held card is released and a refused part was never charged; pay on delivery owes nothing more', () => {
    expect(restCancelMailText({ ...rest, payment: 'release' })).toBe(
      "The hold on your card has been released: you have not been charged. Fulton Fish Co.'s part ($28.63) was taken off when it was refused and never charged.",
    );
    expect(restCancelQuestion({ ...rest, payment: 'none' })).toBe(
      "Cancel the rest of this order? Nothing will be owed for the rest ($41.69). Fulton Fish Co.'s part ($28.63) was taken off when it was refused and never charged.",
    );
  });

  it('names the driver tip given back with the refused parts, when no part the driver brings was left (QA walk 3)', () => {
    expect(restCancelMailText({ ...rest, tipCents: 443 })).toBe(
      "We refunded $41.69, the rest of your payment. Fulton Fish Co.'s part ($28.63) was refunded when it was refused. The driver tip ($4.43) was refunded then too.",
    );
    expect(refusedBeforeText({ ...rest, payment: 'release', tipCents: 443 })).toMatch(
      /The driver tip \(\$4\.43\) was taken off then too and never charged\.$/,
    );
  });

  it('reads the server’s reply (dollars as strings)', () => {
    expect(restOfOrderOf({ payment: 'refund', rest_total: '41.69', refused: [{ vendor_name: 'Fulton Fish Co.', total: '28.63' }] })).toEqual(rest);
  });
});
