import { useRef, type ReactNode } from 'react';
import * as css from './carousel.css.ts';

/**
 * A row that scrolls by whole pages; how many items show per view is set by the CSS (4/3/3/2 on the store,
 * 5/4/3/2 on the product page).
 */
export function Carousel({ label, perView, children }: { label: string; perView: 'store' | 'detail' | 'single'; children: ReactNode }) {
  const track = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => {
    const element = track.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };
  return (
    <div className={css.wrapper} role="region" aria-roledescription="carousel" aria-label={label}>
      <button type="button" className={`${css.arrow} ${css.previous}`} aria-label={`Previous ${label}`} onClick={() => scroll(-1)}>
        ‹
      </button>
      <div ref={track} className={css.track[perView]}>
        {children}
      </div>
      <button type="button" className={`${css.arrow} ${css.next}`} aria-label={`Next ${label}`} onClick={() => scroll(1)}>
        ›
      </button>
    </div>
  );
}
