import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSessionValue } from '../app-context.tsx';
import * as categoryCss from './category-menu.css.ts';
import * as css from './header.css.ts';
import * as searchCss from './search-box.css.ts';
import { ShippingChoice } from './shipping-choice.tsx';

// Only opened by 'Change': its machines, the zip suggestions and the cart check stay out of the first load.
const PincodeDialog = lazy(async () => ({ default: (await import('./pincode-dialog.tsx')).PincodeDialog }));
// The search box and the customer menu come right after the first render (their machines are not what paints the
// store), each drawn meanwhile as it looks at rest.
const SearchBox = lazy(async () => ({ default: (await import('./search-box.tsx')).SearchBox }));
const UserMenu = lazy(async () => ({ default: (await import('./user-menu.tsx')).UserMenu }));
// The category bar waits for its list anyway: its row is held empty at the bar's height meanwhile (no shift, CLS).
const CategoryMenu = lazy(async () => ({ default: (await import('./category-menu.tsx')).CategoryMenu }));
const categoryRowReserved = <div className={categoryCss.reserved} aria-hidden="true" data-category-bar="" />;

function SearchBoxAtRest() {
  return (
    <div className={searchCss.box} role="search">
      <input type="search" className={searchCss.input} placeholder="SEARCH PRODUCTS" aria-label="SEARCH PRODUCTS" readOnly />
    </div>
  );
}

function UserMenuAtRest() {
  const name = useSessionValue('cust_name');
  return (
    <div className={css.userMenu}>
      <button type="button" className={css.userButton} aria-haspopup="true" aria-expanded={false} disabled>
        Hey , {name || 'Guest'}
      </button>
    </div>
  );
}

export function Header() {
  const zipcode = useSessionValue('zipcode');
  const count = useSessionValue('total_products_in_cart') ?? 0;
  const [changingZip, setChangingZip] = useState(false);

  return (
    <header className={css.header}>
      <div className={css.bar}>
        <Link to="/store" className={css.logo} aria-label="MEAT & FISH home">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>MEAT &amp; FISH</span>
        </Link>
        <div className={css.zip}>
          <span>SHOPPING AT - {zipcode ?? ''}</span>
          <button type="button" className={css.changeLink} onClick={() => setChangingZip(true)}>
            Change
          </button>
        </div>
        <ShippingChoice />
        <Suspense fallback={<SearchBoxAtRest />}>
          <SearchBox />
        </Suspense>
        <div className={css.right}>
          <Suspense fallback={<UserMenuAtRest />}>
            <UserMenu />
          </Suspense>
          <Link to="/cart" className={css.cart} aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
              <path
                fill="currentColor"
                d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.5 2H21l-2.2 8.1a2 2 0 0 1-1.9 1.4H8.6a2 2 0 0 1-1.9-1.5L4.3 3H2V1h3.8l.4 3Z"
              />
            </svg>
            <span className={css.badge} data-testid="cart-count">
              {count}
            </span>
          </Link>
        </div>
      </div>
      <Suspense fallback={categoryRowReserved}>
        <CategoryMenu />
      </Suspense>
      {changingZip && (
        <Suspense fallback={null}>
          <PincodeDialog dismissible onClose={() => setChangingZip(false)} />
        </Suspense>
      )}
    </header>
  );
}
