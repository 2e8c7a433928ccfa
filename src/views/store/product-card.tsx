import { Link } from 'react-router-dom';
import type { ProductSummary } from '../../api/contract/product-summary.contract.ts';
import { lowestPrice } from '../../rules/sizes.ts';
import * as css from './product-card.css.ts';

/** Image, name and 'from $' the lowest price of the product's sizes. */
export function ProductCard({ product }: { product: ProductSummary }) {
  const price = lowestPrice(product.child);
  return (
    <Link to={`/store/${product.id}`} className={css.card}>
      <img src={product.image} alt="" className={css.image} loading="lazy" width={320} height={240} />
      <span className={css.name}>{product.name}</span>
      {price !== undefined && <span className={css.price}>from ${price}</span>}
    </Link>
  );
}
