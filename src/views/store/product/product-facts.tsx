import type { ProductDetail, ProductSize } from '../../../api/contract/product.contract.ts';
import * as css from './product-page.css.ts';

function ScaleBar({ label, value }: { label: string; value: number }) {
  return (
    <div className={css.scale}>
      <span className={css.factLabel}>{label}</span>
      <span className={css.scaleTrack} role="meter" aria-label={label} aria-valuemin={1} aria-valuemax={5} aria-valuenow={value}>
        <span className={css.scaleFill} style={{ width: `${(value / 5) * 100}%` }} />
      </span>
      <span>{value} / 5</span>
    </div>
  );
}

/** 'About the Product' and the facts of the chosen size. */
export function ProductFacts({ product, size }: { product: ProductDetail; size: ProductSize | undefined }) {
  const paragraphs = product.description.split(/\r?\n/).filter((line) => line.trim() !== '');
  return (
    <section aria-labelledby="about-title" className={css.facts}>
      <h2 id="about-title">About the Product</h2>
      {paragraphs.map((line, index) => (
        <p key={index}>{line}</p>
      ))}
      <dl className={css.factList}>
        <dt>Brand Name</dt>
        <dd>{size?.brand_name ?? 'N/A'}</dd>
        <dt>Product Type</dt>
        <dd>{size?.product_type ?? 'N/A'}</dd>
        <dt>Product Category</dt>
        <dd>{size?.product_category ?? 'N/A'}</dd>
        <dt>Country of Origin</dt>
        <dd>{size?.country_of_manufacture || 'N/A'}</dd>
        {product.time !== null && (
          <>
            <dt>Time</dt>
            <dd>{product.time} minutes</dd>
          </>
        )}
      </dl>
      {product.taste_scale !== null && <ScaleBar label="Taste Scale" value={product.taste_scale} />}
      {product.skill_scale !== null && <ScaleBar label="Skill Level" value={product.skill_scale} />}
    </section>
  );
}
