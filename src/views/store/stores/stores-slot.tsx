import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const SampleStoresSection = lazy(async () => ({ default: (await import('./sample-stores-section.tsx')).SampleStoresSection }));

/**
 * Where /store shows its store carousel and map: the heading is in the first load, the section itself (the map's
 * states, d3-geo, the machine) comes in its own chunk once the shopper scrolls near it, so the store's first load
 * does not grow.
 */
export function StoresSlot({ zipcode, className, headingClassName }: { zipcode: string | undefined; className: string; headingClassName: string }) {
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
    <section ref={slot} aria-labelledby="our-stores" className={className}>
      <h2 id="our-stores" className={headingClassName}>
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
