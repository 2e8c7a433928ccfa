import { useLayoutEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CategoryNode } from '../../api/contract/catalogue.contract.ts';
import { useCategoryList } from '../../api/category-list.swr.ts';
import { categoriesInRow, moreMenuId, nextOpenMenu } from '../../rules/category-menu.ts';
import { categoryPath, columnsOf } from '../../rules/category-paths.ts';
import { useSessionValue } from '../app-context.tsx';
import * as css from './category-menu.css.ts';

/**
 * Top categories with hover dropdowns (and a toggle button for keyboard and touch); children in columns of 5. On wider
 * screens the bar is one row: the categories that do not fit are listed under a More button (categoriesInRow), so the
 * bar is the height held for it before the categories arrived.
 */
export function CategoryMenu() {
  const courierType = useSessionValue('couriertype');
  const { data } = useCategoryList(courierType);
  const [openMenu, send] = useReducer(nextOpenMenu, undefined);
  // Phones: the bar folds behind one 'Categories' button instead of filling half the screen.
  const [listOpen, setListOpen] = useState(false);
  const categories = data?.code === 1 ? (data.data ?? []) : [];
  const inRow = useCategoriesInRow(categories.map((category) => category.category_name).join('\n'));
  // Until the list arrives, its row is held empty at the bar's height, so the page below does not jump (CLS).
  if (categories.length === 0) return <div className={css.reserved} aria-hidden="true" data-category-bar="" />;
  const shown = inRow.count ?? categories.length;
  const close = () => {
    send({ type: 'close' });
    setListOpen(false);
  };

  return (
    <nav aria-label="Categories" className={css.nav} data-category-bar="" onKeyDown={(event) => event.key === 'Escape' && send({ type: 'close' })}>
      <button type="button" className={css.listToggle} aria-expanded={listOpen} aria-controls="category-bar" onClick={() => setListOpen(!listOpen)}>
        Categories {listOpen ? '▴' : '▾'}
      </button>
      <div className={css.row} ref={inRow.rowRef}>
        <ul id="category-bar" ref={inRow.listRef} className={listOpen ? `${css.bar} ${css.barOpen}` : css.bar}>
          {categories.map((category, index) => {
            const open = openMenu?.id === category.category_id;
            const menuId = `category-menu-${category.category_id}`;
            return (
              <li
                key={category.category_id}
                className={index < shown ? css.item : `${css.item} ${css.itemPastRow}`}
                onMouseEnter={() => send({ type: 'hover', id: category.category_id })}
                onMouseLeave={() => send({ type: 'leave' })}
              >
                <Link to={categoryPath(category.category_name, category.category_id)} className={css.topLink} onClick={close}>
                  {category.category_name}
                </Link>
                {category.child.length > 0 && (
                  <>
                    <button
                      type="button"
                      className={css.toggle}
                      aria-expanded={open}
                      aria-controls={menuId}
                      aria-label={`${category.category_name} sub-categories`}
                      onClick={() => send({ type: 'toggle', id: category.category_id })}
                    >
                      ▾
                    </button>
                    <div id={menuId} className={open ? css.dropdown : css.dropdownHidden}>
                      {columnsOf(category.child).map((column, index) => (
                        <CategoryLinks key={index} categories={column} className={css.column} onChoose={close} />
                      ))}
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
        {shown < categories.length && (
          <div className={css.more} onMouseEnter={() => send({ type: 'hover', id: moreMenuId })} onMouseLeave={() => send({ type: 'leave' })}>
            <button
              type="button"
              className={css.moreButton}
              aria-expanded={openMenu?.id === moreMenuId}
              aria-controls="category-more"
              onClick={() => send({ type: 'toggle', id: moreMenuId })}
            >
              More ▾
            </button>
            <ul id="category-more" className={openMenu?.id === moreMenuId ? css.moreList : css.dropdownHidden}>
              {categories.slice(shown).map((category) => (
                <li key={category.category_id}>
                  <Link to={categoryPath(category.category_name, category.category_id)} className={css.topLink} onClick={close}>
                    {category.category_name}
                  </Link>
                  {category.child.length > 0 && <CategoryLinks categories={category.child} className={css.moreChildren} onChoose={close} />}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </nav>
  );
}

/** Sub-categories as a list of links (a dropdown's column, or under their category in More's list). */
function CategoryLinks({ categories, className, onChoose }: { categories: readonly CategoryNode[]; className: string; onChoose: () => void }) {
  return (
    <ul className={className}>
      {categories.map((category) => (
        <li key={category.category_id}>
          <Link to={categoryPath(category.category_name, category.category_id)} onClick={onChoose}>
            {category.category_name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * How many categories the row shows, measured before the browser paints and again when the row's width changes or the
 * fonts arrive; undefined (all) until measured and on phones, where the list is a column behind its button.
 */
function useCategoriesInRow(names: string) {
  const rowRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [count, setCount] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const row = rowRef.current;
    const list = listRef.current;
    if (!row || !list) return;
    const measure = () => {
      const style = getComputedStyle(row);
      const width = row.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (list.clientWidth === 0 || getComputedStyle(list).flexDirection === 'column') return setCount(undefined);
      const start = list.getBoundingClientRect().left;
      const rights = [...list.children].map((item) => item.getBoundingClientRect().right - start);
      setCount(categoriesInRow(rights, width, css.moreButtonWidth));
    };
    measure();
    // Neither is in every browser (nor in the view tests' DOM): without them the row is measured once.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(row);
    void document.fonts?.ready.then(measure);
    return () => observer?.disconnect();
  }, [names]);
  return { rowRef, listRef, count };
}
