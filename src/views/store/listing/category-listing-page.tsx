import { Link, useParams } from 'react-router-dom';
import { useCartVendors } from '../../../api/cart-vendors.swr.ts';
import { parseCategoryId } from '../../../rules/listing-query.ts';
import { useSessionValue } from '../../app-context.tsx';
import { ChoosePincode } from './choose-pincode.tsx';
import * as css from './listing-pages.css.ts';
import { ListingView } from './listing-view.tsx';
import { useCategoryListingFromPage } from './use-category-listing.ts';
import { useListingQuery } from './use-listing-query.ts';
import { useShopperArea } from './use-shopper-area.ts';

export const unknownCategoryMessage = 'This category does not exist.';

/** The listing of one category in the shopper's area, its state in the URL query. */
export function CategoryListing({ title, categoryId }: { title: string; categoryId: number }) {
  const area = useShopperArea();
  const [state, setState] = useListingQuery();
  const { data, error, isLoading } = useCategoryListingFromPage(area, categoryId, state);
  const cartVendors = useCartVendors(useSessionValue('cart_id'), useSessionValue('total_products_in_cart'));

  if (!area) return <ChoosePincode />;
  return (
    <ListingView
      title={title}
      state={state}
      reply={data}
      isLoading={isLoading}
      error={error}
      ownCategoryId={categoryId}
      cartVendors={cartVendors}
      onChange={setState}
    />
  );
}

/**
 * /store/category/{categoryName}/{categoryName}/{categoryId} and /store/category/{categoryType}/{categoryId}:
 * the id is the last segment, the title the name before it (React Router has already decoded it).
 */
export function CategoryListingPage() {
  const { categoryName, categoryName2, categoryType, categoryId } = useParams();
  const id = parseCategoryId(categoryId);
  const title = categoryName2 ?? categoryName ?? categoryType ?? 'Products';

  if (id === undefined) {
    return (
      <div className={css.message}>
        <p>{unknownCategoryMessage}</p>
        <Link to="/store">Back to the store</Link>
      </div>
    );
  }
  // A new category starts with a fresh component, so nothing of the previous one lingers.
  return <CategoryListing key={id} title={title} categoryId={id} />;
}
