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
