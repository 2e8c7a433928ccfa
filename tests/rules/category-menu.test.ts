import { describe, expect, it } from 'vitest';
import { categoriesInRow, nextOpenMenu, type MenuEvent, type OpenMenu } from '../../src/rules/category-menu.ts';

const run = (events: MenuEvent[], from: OpenMenu = undefined): OpenMenu => events.reduce(nextOpenMenu, from);

describe('category menu', () => {
  it('opens on hover and closes when the pointer leaves', () => {
    expect(run([{ type: 'hover', id: 1 }])).toEqual({ id: 1, pinned: false });
    expect(run([{ type: 'hover', id: 1 }, { type: 'leave' }])).toBeUndefined();
  });

  it('keeps a hovered menu open when its button is clicked, and closes it on the next click', () => {
    const clicked = run([
      { type: 'hover', id: 1 },
      { type: 'toggle', id: 1 },
    ]);
    expect(clicked).toEqual({ id: 1, pinned: true });
    expect(run([{ type: 'leave' }], clicked)).toEqual({ id: 1, pinned: true });
    expect(run([{ type: 'toggle', id: 1 }], clicked)).toBeUndefined();
  });

  it('toggles with the keyboard alone, moves to another category, and closes on Escape or a link', () => {
    expect(run([{ type: 'toggle', id: 2 }])).toEqual({ id: 2, pinned: true });
    expect(
      run([
        { type: 'toggle', id: 2 },
        { type: 'hover', id: 3 },
      ]),
    ).toEqual({ id: 3, pinned: false });
    expect(run([{ type: 'toggle', id: 2 }, { type: 'close' }])).toBeUndefined();
  });
});

describe('categories in the bar’s row', () => {
  // Right edges of four categories 100 px wide with 10 px between them.
  const rights = [100, 210, 320, 430];

  it('shows every category when all fit, with no More button', () => {
    expect(categoriesInRow(rights, 430, 80)).toBe(4);
    expect(categoriesInRow(rights, 1000, 80)).toBe(4);
    expect(categoriesInRow([], 0, 80)).toBe(0);
  });

  it('shows those that fit beside the More button when some do not', () => {
    expect(categoriesInRow(rights, 429, 80)).toBe(3);
    expect(categoriesInRow(rights, 400, 80)).toBe(3);
    expect(categoriesInRow(rights, 399, 80)).toBe(2);
    expect(categoriesInRow(rights, 150, 80)).toBe(0);
  });
});
