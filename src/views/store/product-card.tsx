import { Link } from 'react-router-dom';
import type { ProductSummary } from '../../api/contract/product-summary.contract.ts';
import { ageRestrictedCardNotice } from '../../rules/age-restricted-labels.ts';
import { cardEstimate } from '../../rules/weight-estimate.ts';
import { cardPriceLabel, lowestPrice } from '../../rules/sizes.ts';
import { useSessionValue } from '../app-context.tsx';
import { AgeRestrictedMark, AgeRestrictedNotice } from './age-restricted.tsx';
import { productCardPath } from '../../rules/product-path.ts';
import { speedName } from '../../rules/speeds.ts';
import * as css from './product-card.css.ts';

/**
 * Image, name and price. On the store home the price always reads 'from $' the lowest of the sizes; in listings it is
 * 'from $price' when sizes differ, else the price, with the speed types the area offers. Age-restricted products
 * (drinks) carry a '21+' mark and a line saying identity verification is needed (a verified customer, sign-in's
 * verification_id, is not asked again). A product sold by weight says its estimate in the cart's words (decision
 * 039). Under a vendor filter the card shows that seller's prices and opens the product with the seller's offer chosen.
 */
export function ProductCard({ product, variant = 'listing' }: { product: ProductSummary; variant?: 'home' | 'listing' }) {
  const low = lowestPrice(product.child);
  const price = variant === 'home' ? (low === undefined ? undefined : `from $${low}`) : cardPriceLabel(product.child);
  const estimate = cardEstimate(product);
  const verified = Boolean(useSessionValue('verification_id'));
  return (
    <Link to={productCardPath(product.id, product.vendor_loc_id)} className={css.card}>
      <img src={product.image} alt="" className={css.image} loading="lazy" width={300} height={300} />
      {product.age_restricted && <AgeRestrictedMark />}
      <span className={css.name}>{product.name}</span>
      {product.age_restricted && <AgeRestrictedNotice text={ageRestrictedCardNotice(verified)} />}
      {price !== undefined && <span className={css.price}>{price}</span>}
      {estimate !== undefined && (
        <span className={css.estimate} data-testid="card-estimate">
          {estimate}
        </span>
      )}
      {variant === 'listing' && product.speed_types.length > 0 && (
        <span className={css.speeds}>
          {product.speed_types.map((speed) => (
            <span key={speed} className={css.speed}>
              {speedName(speed)}
            </span>
          ))}
        </span>
      )}
    </Link>
  );
}
