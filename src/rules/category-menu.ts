/**
 * The header's category menu: which category's sub-menu is open, and whether a click (not only the pointer passing
 * over it) opened it. A click on a menu that hovering has just opened keeps it open — with a mouse the pointer always
 * arrives before the click, so a plain toggle would close what the shopper meant to open.
 */
export type OpenMenu = { id: number; pinned: boolean } | undefined;

export type MenuEvent = { type: 'hover'; id: number } | { type: 'leave' } | { type: 'toggle'; id: number } | { type: 'close' };

export function nextOpenMenu(open: OpenMenu, event: MenuEvent): OpenMenu {
  switch (event.type) {
    case 'hover':
      return open?.id === event.id ? open : { id: event.id, pinned: false };
    case 'leave':
      return open?.pinned ? open : undefined;
    case 'toggle':
      return open?.id === event.id && open.pinned ? undefined : { id: event.id, pinned: true };
    case 'close':
      return undefined;
  }
}

/** The sub-menu id of the bar's More button (category ids are positive). */
export const moreMenuId = -1;

/**
 * How many of the bar's categories its one row shows (wider screens): every one when all fit; else those that fit
 * beside the More button, which lists the rest. A bar that wrapped to a second row once its categories arrived pushed
 * the page down (layout shift) past the row held for it. `rights`: each category's right edge from the row's start,
 * in order; `width`: the row's width; `moreWidth`: the More button's.
 */
export function categoriesInRow(rights: readonly number[], width: number, moreWidth: number): number {
  const last = rights.at(-1);
  if (last === undefined || last <= width) return rights.length;
  let count = 0;
  while (count < rights.length && (rights[count] ?? Infinity) <= width - moreWidth) count += 1;
  return count;
}
