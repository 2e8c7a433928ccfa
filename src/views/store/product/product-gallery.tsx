import { useState } from 'react';
import * as css from './product-page.css.ts';

/** The main picture and its thumbnails. */
export function ProductGallery({ name, images }: { name: string; images: readonly string[] }) {
  const [shown, setShown] = useState(0);
  const main = images[shown] ?? images[0];
  return (
    <div className={css.gallery}>
      {main && <img src={main} alt={name} className={css.mainImage} width={600} height={600} fetchPriority="high" />}
      {images.length > 1 && (
        <div className={css.thumbnails}>
          {images.map((url, index) => (
            <button
              key={url}
              type="button"
              className={index === shown ? css.thumbnailActive : css.thumbnail}
              aria-label={`Show picture ${index + 1} of ${images.length}`}
              aria-pressed={index === shown}
              onClick={() => setShown(index)}
            >
              <img src={url} alt="" width={96} height={96} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
