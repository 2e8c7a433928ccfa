import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useCartVendors } from '../../../api/cart-vendors.swr.ts';
import { useCategoryList } from '../../../api/category-list.swr.ts';
import { categoryPath } from '../../../rules/category-paths.ts';
import { categoryGridTitle, findCategoryByName, parseListingQuery, withVendorQuery } from '../../../rules/listing-query.ts';
import { useSessionValue } from '../../app-context.tsx';
import { CategoryListing, unknownCategoryMessage } from './category-listing-page.tsx';
import * as css from './listing-pages.css.ts';

/**
 * The old store's /category/ALL and /category/{categoryName}: ALL lists the top-level categories, a name (any case,
 * any depth of the tree) shows that category's listing at this address. A vendor chosen in the query (the cart's
 * "Shop more from" link) rides along to the category picked.
 */
export function LegacyCategoryPage() {
  const { categoryName } = useParams();
  const [params] = useSearchParams();
  const vendorIds = parseListingQuery(params).vendor;
  const cartVendors = useCartVendors(useSessionValue('cart_id'), useSessionValue('total_products_in_cart'));
  const courierType = useSessionValue('couriertype');
  const { data, error, isLoading } = useCategoryList(courierType);
  const showAll = categoryName === undefined || categoryName.toUpperCase() === 'ALL';

  if (error instanceof Error) {
    return (
      <p role="alert" className={css.message}>
        {error.message}
      </p>
    );
  }
  if (isLoading || !data) {
    return (
      <p role="status" className={css.message}>
        Loading categories…
      </p>
    );
  }
  const categories = data.data ?? [];

  if (showAll) {
    return (
      <section aria-labelledby="shop-by-category">
        <h1 id="shop-by-category">{categoryGridTitle(vendorIds, cartVendors)}</h1>
        {categories.length === 0 ? (
          <p className={css.message}>{data.message || 'No categories available'}</p>
        ) : (
          <ul className={css.categoryGrid}>
            {categories.map((category) => (
              <li key={category.category_id}>
                <Link to={withVendorQuery(categoryPath(category.category_name, category.category_id), vendorIds)} className={css.categoryLink}>
                  {category.category_name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  const category = findCategoryByName(categories, categoryName);
  if (!category) {
    return (
      <div className={css.message}>
        <p>{unknownCategoryMessage}</p>
        <Link to="/store">Back to the store</Link>
      </div>
    );
  }
  return <CategoryListing key={category.category_id} title={category.category_name} categoryId={category.category_id} />;
}
