import { Children, useDeferredValue, useRef, type ReactNode } from 'react';
import * as css from './carousel.css.ts';

/**
 * A row that scrolls by whole pages; how many items show per view is set by the CSS (4/3/3/2 on the store,
 * 5/4/3/2 on the product page). `first`: how many items the first render draws (those a phone shows); the rest hold
 * their places as empty cells, so nothing moves, and are drawn by a deferred render just after (React 19's
 * useDeferredValue with an initial value): the store home's first commit no longer holds every card of every row.
 */
export function Carousel({
  label,
  perView,
  first,
  children,
}: {
  label: string;
  perView: 'store' | 'detail' | 'single';
  first?: number;
  children: ReactNode;
}) {
  const track = useRef<HTMLDivElement>(null);
  const shown = useDeferredValue(Infinity, first ?? Infinity);
  const scroll = (direction: 1 | -1) => {
    const element = track.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };
  const items = Children.map(children, (child, index) => (index < shown ? child : <div aria-hidden="true" />));
  return (
    <div className={css.wrapper} role="region" aria-roledescription="carousel" aria-label={label}>
      <button type="button" className={`${css.arrow} ${css.previous}`} aria-label={`Previous ${label}`} onClick={() => scroll(-1)}>
        ‹
      </button>
      <div ref={track} className={css.track[perView]}>
        {items}
      </div>
      <button type="button" className={`${css.arrow} ${css.next}`} aria-label={`Next ${label}`} onClick={() => scroll(1)}>
        ›
      </button>
    </div>
  );
}
