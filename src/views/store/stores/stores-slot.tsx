import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import * as home from '../store-home.css.ts';

const SampleStoresSection = lazy(async () => ({ default: (await import('./sample-stores-section.tsx')).SampleStoresSection }));

/**
 * Where /store shows its store carousel and map. This slot is loaded on demand (lazy-pages.tsx), and the section
 * itself (the map's states, d3-geo, the machine) in a chunk of its own once the shopper scrolls near it: neither is in
 * the store's first load.
 */
export function StoresSlot({ zipcode }: { zipcode: string | undefined }) {
  const slot = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <section ref={slot} aria-labelledby="our-stores" className={home.section}>
      <h2 id="our-stores" className={home.heading}>
        OUR STORES
      </h2>
      {near && (
        <Suspense fallback={<p role="status">Loading our stores…</p>}>
          <SampleStoresSection zipcode={zipcode} />
        </Suspense>
      )}
    </section>
  );
}
