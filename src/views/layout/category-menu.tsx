import { useReducer, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCategoryList } from '../../api/category-list.swr.ts';
import { nextOpenMenu } from '../../rules/category-menu.ts';
import { categoryPath, columnsOf } from '../../rules/category-paths.ts';
import { useSessionValue } from '../app-context.tsx';
import * as css from './category-menu.css.ts';

/** Top categories with hover dropdowns (and a toggle button for keyboard and touch); children in columns of 5. */
export function CategoryMenu() {
  const courierType = useSessionValue('couriertype');
  const { data } = useCategoryList(courierType);
  const [openMenu, send] = useReducer(nextOpenMenu, undefined);
  // Phones: the bar folds behind one 'Categories' button instead of filling half the screen.
  const [listOpen, setListOpen] = useState(false);
  const categories = data?.code === 1 ? (data.data ?? []) : [];
  // Until the list arrives, its row is held empty at the bar's height, so the page below does not jump (CLS).
  if (categories.length === 0) return <div className={css.reserved} aria-hidden="true" />;
  const close = () => {
    send({ type: 'close' });
    setListOpen(false);
  };

  return (
    <nav aria-label="Categories" className={css.nav} onKeyDown={(event) => event.key === 'Escape' && send({ type: 'close' })}>
      <button type="button" className={css.listToggle} aria-expanded={listOpen} aria-controls="category-bar" onClick={() => setListOpen(!listOpen)}>
        Categories {listOpen ? '▴' : '▾'}
      </button>
      <ul id="category-bar" className={listOpen ? `${css.bar} ${css.barOpen}` : css.bar}>
        {categories.map((category) => {
          const open = openMenu?.id === category.category_id;
          const menuId = `category-menu-${category.category_id}`;
          return (
            <li
              key={category.category_id}
              className={css.item}
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
                      <ul key={index} className={css.column}>
                        {column.map((child) => (
                          <li key={child.category_id}>
                            <Link to={categoryPath(child.category_name, child.category_id)} onClick={close}>
                              {child.category_name}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ))}
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
