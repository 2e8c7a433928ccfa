import type { AreaChangeLine } from './area-change.ts';

/**
 * What a move to another offer does to the quantities (decision 082 left stock unchecked on a move): a line goes with
 * no more than its new offer has in stock (and 24), and one whose offer has none left cannot move. The server says
 * so in each line's new_qty (POST /api/cart/movearea); these are the question's words for it, beside the price
 * changes and in their manner (our words: the spec has none). Only the lazily loaded question imports this file.
 */
export function quantityHeading(target: string): string {
  return `Quantities with ${target}:`;
}

/**
 * 'USDA Prime Ribeye Steak: 2 instead of 5 (the most we can sell)' for a line moving capped, and 'Atlantic Salmon
 * Fillet: none left in stock, so it cannot move' for one that stays behind (it is in the leaving list too); the size
 * too when two such lines share a name. Lines moving whole are left out.
 */
export function quantityChangeLines(lines: readonly AreaChangeLine[], noneLeft = 'none left in stock, so it cannot move'): string[] {
  const changed = lines.filter((line) => line.new_qty !== undefined && line.new_qty < line.qty);
  const shared = (name: string) => changed.filter((line) => line.name === name).length > 1;
  return changed.map((line) => {
    const label = shared(line.name) ? `${line.name}, ${line.size}` : line.name;
    return line.new_qty === 0 ? `${label}: ${noneLeft}` : `${label}: ${line.new_qty} instead of ${line.qty} (the most we can sell)`;
  });
}

/**
 * The same for lines kept for this pincode that come back (movearea's restore, capped at their offer's stock as a
 * move is): '… 2 instead of 5 (the most we can sell)', and 'Atlantic Salmon Fillet: none in stock now, so it stays
 * kept' for one that cannot come back yet (it stays among the cart's kept lines).
 */
export function restoreQuantityLines(lines: readonly AreaChangeLine[]): string[] {
  return quantityChangeLines(lines, 'none in stock now, so it stays kept');
}

/** The kept lines that truly come back (some of their quantity at least): the question's 'Back in your cart' list. */
export function linesComingBack(lines: readonly AreaChangeLine[]): AreaChangeLine[] {
  return lines.filter((line) => line.new_qty !== 0);
}
