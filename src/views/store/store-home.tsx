import { lazy, Suspense, useContext, useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { homeSections, useHomepage, type Banner } from '../../api/home.swr.ts';
import { Carousel } from '../controls/carousel.tsx';
import { useShopperArea } from './listing/use-shopper-area.ts';
import { ProductCard } from './product-card.tsx';
import { StoreHomeShellContext } from './store-home-shell.ts';
import * as css from './store-home.css.ts';

// The store carousel and map of sample stores at the foot of /store: a chunk of its own (not in the first load), whose
// slot waits to be scrolled near before it loads the map.
const StoresSlot = lazy(async () => ({ default: (await import('./stores/stores-slot.tsx')).StoresSlot }));

/** Cards a carousel shows at 412 px (carousel.css.ts: two per view up to 767 px): the first render draws only these. */
const cardsOnAPhone = 2;

/** Where every banner and ad leads: the Valentine's Collection (category 1017). */
export const promotionPath = "/store/category/Valentine's%20Collection/Valentine's%20Collection/1017";

/** The offers slider: its first banner is the page's largest paint, fetched ahead of the product pictures. */
function Banners({ banners }: { banners: Banner[] }) {
  return (
    <Carousel label="Offers" perView="single">
      {banners.map((banner, index) => (
        <Link key={banner.imageurl} to={promotionPath} className={css.banner}>
          <img src={banner.imageurl} alt={banner.alt} width={1600} height={500} fetchPriority={index === 0 ? 'high' : 'auto'} />
        </Link>
      ))}
    </Carousel>
  );
}

export function StoreHome() {
  // With Dine-In or Pick-Up, the chosen restaurant too: the carousels show its offers, as listings and search do.
  const area = useShopperArea();
  const shell = useContext(StoreHomeShellContext);
  const { data: reply, error, isLoading } = useHomepage(area);
  // The store's dozens of cards render as a deferred update, which yields to the browser every few milliseconds
  // instead of one long task when the reply lands (a slow phone stays responsive: Total Blocking Time).
  const data = useDeferredValue(reply);
  // The banners are the same for every area: those the page arrived with are drawn until the home call answers, in
  // the place the answer's will take, so the largest paint needs neither the app's scripts nor the call.
  const banners = data?.data?.banner ?? shell.banners();
  const withBanners = (content: ReactNode) => (
    <div className={css.page}>
      {banners && banners.length > 0 && <Banners banners={banners} />}
      {content}
    </div>
  );

  if (!area && !shell.prerendering) {
    return (
      <p className={css.message}>
        Please <Link to="/">choose your pincode</Link> to see what we deliver to you.
      </p>
    );
  }
  if (shell.prerendering || isLoading || (reply && !data)) return withBanners(<p className={css.message}>Loading the store…</p>);
  if (error instanceof Error)
    return (
      <p className={css.message} role="alert">
        {error.message}
      </p>
    );
  if (!data || data.code !== 1 || !data.data) {
    return <p className={css.message}>{data?.message || 'No product available'}</p>;
  }
  const home = data.data;

  return withBanners(
    <>
      <section aria-labelledby="top-products" className={css.section}>
        <h2 id="top-products" className={css.heading}>
          TOP PRODUCT IN YOUR AREA
        </h2>
        <Carousel label="Top products" perView="store" first={cardsOnAPhone}>
          {home.topproduct.map((product) => (
            <ProductCard key={product.id} product={product} variant="home" />
          ))}
        </Carousel>
      </section>

      {home.ads.length > 0 && (
        <div className={css.ads}>
          {home.ads.map((ad) => (
            <Link key={ad.imageurl} to={promotionPath} className={css.ad}>
              <img src={ad.imageurl} alt={ad.text} width={600} height={300} />
            </Link>
          ))}
        </div>
      )}

      {homeSections(home).map((section) => (
        <section key={section.category_id} aria-labelledby={`section-${section.category_id}`} className={css.section}>
          <h2 id={`section-${section.category_id}`} className={css.heading}>
            OUR TOP {section.categoryName}
          </h2>
          <Carousel label={section.categoryName} perView="store" first={cardsOnAPhone}>
            {section.products.map((product) => (
              <ProductCard key={product.id} product={product} variant="home" />
            ))}
          </Carousel>
        </section>
      ))}

      <Suspense fallback={null}>
        <StoresSlot zipcode={area?.zipcode} />
      </Suspense>
    </>,
  );
}
