import { useSelector } from '@xstate/react';
import { useContext, useDeferredValue } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { ProductDetail } from '../../../api/contract/product.contract.ts';
import { useProduct } from '../../../api/product.swr.ts';
import { selectSizeId } from '../../../machines/store/index.ts';
import { parseVendorLocId } from '../../../rules/listing-query.ts';
import { useSessionValue } from '../../app-context.tsx';
import { Carousel } from '../../controls/carousel.tsx';
import { ProductCard } from '../product-card.tsx';
import { ProductFacts } from './product-facts.tsx';
import { ProductGallery } from './product-gallery.tsx';
import * as css from './product-page.css.ts';
import { ProductPageShellContext } from './product-page-shell.ts';
import { ProductPurchase, useAddToCartActor } from './product-purchase.tsx';
import { ProductReviews } from './product-reviews.tsx';

/** /store/{productId} and the legacy /category/{name}/product/{productId}. */
export function ProductPage() {
  const { productId = '' } = useParams();
  const id = /^\d{1,10}$/.test(productId) ? Number(productId) : undefined;
  const zipcode = useSessionValue('zipcode');
  const locId = useSessionValue('location');
  const courierType = useSessionValue('couriertype');
  const retailer = useSessionValue('retailer');
  // Dine-in and pick-up: the chosen restaurant's offers only (issue 12).
  const visit = courierType === 'dine-in' || courierType === 'pickup';
  const area =
    zipcode && locId !== undefined
      ? { zipcode, loc_id: locId, courier_type: visit ? courierType : undefined, vendor_location_id: visit ? retailer : undefined }
      : undefined;
  const { data: reply, error, isLoading } = useProduct(id, area);
  // The product's view renders as a deferred update when the reply lands, yielding to the browser every few
  // milliseconds instead of one long task (a slow phone stays responsive: Total Blocking Time), as the store home's
  // cards do. Until that render has this product's reply, what was on screen stays.
  const deferred = useDeferredValue(reply);
  const data = deferred !== undefined && reply !== undefined && deferred.data?.id === reply.data?.id ? deferred : undefined;
  const arriving = reply !== undefined && data === undefined;
  const shell = useContext(ProductPageShellContext);
  // The picture the page arrived with (the server drew it, the page's largest paint) stays in place until the call
  // answers, instead of giving way to a line of text and coming back.
  const picture = (shell.prerendering || isLoading || arriving) && !data ? shell.picture(id) : undefined;

  if (id === undefined) return <ProductMissing message="This product does not exist." />;
  if (picture) return <ProductLoading picture={picture} />;
  if (!area) {
    return (
      <p className={css.message}>
        Please <Link to="/">choose your pincode</Link> to see this product.
      </p>
    );
  }
  if (isLoading || arriving) return <p className={css.message}>Loading the product…</p>;
  if (error instanceof Error) return <ProductMissing message={error.message} />;
  if (!data || data.code !== 1 || !data.data) return <ProductMissing message={data?.message || 'Product not found'} />;
  // Keyed by product: a new product starts a new machine with its own sizes.
  return <ProductView key={data.data.id} product={data.data} />;
}

/** The product's picture where the gallery puts it, and nothing below it yet (no layout shift when the rest comes). */
function ProductLoading({ picture }: { picture: string }) {
  return (
    <article className={css.page} aria-busy="true">
      <div className={css.top}>
        <ProductGallery name="" images={[picture]} />
        <p className={css.message}>Loading the product…</p>
      </div>
    </article>
  );
}

function ProductMissing({ message }: { message: string }) {
  return (
    <section className={css.message}>
      <h1>Product not found</h1>
      <p>{message}</p>
      <Link to="/store">Back to the store</Link>
    </section>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  // Opened from a vendor-filtered listing: that seller's offer is chosen (issue 23).
  const [params] = useSearchParams();
  const actor = useAddToCartActor(product.child, product.age_restricted, parseVendorLocId(params));
  const sizeId = useSelector(actor, selectSizeId);
  const size = product.child.find((s) => s.id === sizeId);
  return (
    <article className={css.page}>
      <div className={css.top}>
        <ProductGallery name={product.name} images={product.images.length > 0 ? product.images : [product.image]} />
        <div className={css.summary}>
          <h1 className={css.name}>{product.name}</h1>
          <p className={css.reviews}>
            <a href="#reviews-title">
              {product.rating} out of 5 · {product.review_count} {product.review_count === 1 ? 'review' : 'reviews'}
            </a>
          </p>
          <ProductPurchase
            actor={actor}
            sizes={product.child}
            sizeUnit={product.size_unit}
            ageRestricted={product.age_restricted}
            soldByWeight={product.sold_by_weight === true}
          />
        </div>
      </div>
      <ProductFacts product={product} size={size} />
      <ProductReviews product={product} />
      {product.related_products.length > 0 && (
        <section aria-labelledby="similar-title" className={css.similar}>
          <h2 id="similar-title">Similar Items you may like</h2>
          <Carousel label="Similar items" perView="detail">
            {product.related_products.map((related) => (
              <ProductCard key={related.id} product={related} />
            ))}
          </Carousel>
        </section>
      )}
    </article>
  );
}
