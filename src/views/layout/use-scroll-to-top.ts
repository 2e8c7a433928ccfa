import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A new page opens at its top: a link or a step forward (push, replace) to another path scrolls the window up, as a
 * server-rendered store would. The spec asks it of the checkout's address screen ("on entry scrolls to top");
 * without it CHECKOUT from a scrolled cart opened the address tab with its heading and tabs above the fold, and the
 * logo opened /store mid-page. Back and forward (pop) keep the browser's own restoration, and a change of the query
 * alone (a filter, a page of results) keeps the shopper where they are.
 */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
}
