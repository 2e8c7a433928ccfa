import { describe, expect, it } from 'vitest';
import type { AreaChangeLine } from '../../src/rules/area-change.ts';
import { linesComingBack, quantityChangeLines, quantityHeading, restoreQuantityLines } from '../../src/rules/move-quantities.ts';

const line = (name: string, size: string, qty: number, new_qty?: number): AreaChangeLine => ({ name, size, qty, new_qty });

describe('the switch question names what a move caps or cannot move (the new offer’s stock)', () => {
  it('names a line capped at the stock with its quantity now and after, and one with none left', () => {
    expect(quantityChangeLines([line('Ribeye Steak', '1 lb', 5, 2), line('Salmon Fillet', '8 oz', 1, 0)])).toEqual([
      'Ribeye Steak: 2 instead of 5 (the most we can sell)',
      'Salmon Fillet: none left in stock, so it cannot move',
    ]);
  });

  it('leaves out lines that move whole or stay as they are', () => {
    expect(quantityChangeLines([line('Ribeye Steak', '1 lb', 2), line('Oysters', '12 ct', 3, 3)])).toEqual([]);
  });

  it('adds the size when two such lines share a name, and heads them with the target', () => {
    expect(quantityChangeLines([line('Ribeye Steak', '1 lb', 4, 1), line('Ribeye Steak', '2 lb', 2, 0)])).toEqual([
      'Ribeye Steak, 1 lb: 1 instead of 4 (the most we can sell)',
      'Ribeye Steak, 2 lb: none left in stock, so it cannot move',
    ]);
    expect(quantityHeading('60601')).toBe('Quantities with 60601:');
  });

  it('names kept lines coming back capped at the stock, and one with none that stays kept; only those coming back are listed as back', () => {
    const capped = line('Ribeye Steak', '1 lb', 5, 2);
    const none = line('Salmon Fillet', '8 oz', 1, 0);
    const whole = line('Oysters', '12 ct', 3);
    expect(restoreQuantityLines([capped, none, whole])).toEqual([
      'Ribeye Steak: 2 instead of 5 (the most we can sell)',
      'Salmon Fillet: none in stock now, so it stays kept',
    ]);
    expect(linesComingBack([capped, none, whole])).toEqual([capped, whole]);
  });
});
