import { useEffect, useId, useRef, useState } from 'react';
import type { FilterChoiceLike, FilterLike, ListingQueryState } from '../../../rules/listing-query.ts';
import { primaryButton, secondaryButton } from '../../../styles/controls.css.ts';
import { FilterPanel } from './filter-panel.tsx';
import * as css from './filter-panel.css.ts';

export interface FilterSheetProps {
  filters: readonly FilterLike<FilterChoiceLike>[];
  state: ListingQueryState;
  ownCategoryId: number | undefined;
  onApply: (next: ListingQueryState) => void;
  onCancel: () => void;
}

/**
 * The narrow-screen filter panel (spec: Filter, Cancel and Apply). Choices go to a draft so a shopper can tick
 * several boxes without a reload per tick; Apply sends the draft, Cancel (or Escape, or a tap outside) drops it.
 */
export function FilterSheet({ filters, state, ownCategoryId, onApply, onCancel }: FilterSheetProps) {
  const [draft, setDraft] = useState(state);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.focus();
  }, []);

  return (
    <div
      className={css.backdrop}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={css.sheet}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      >
        <h2 id={titleId} className={css.sheetTitle}>
          Filter
        </h2>
        <div className={css.sheetBody}>
          <FilterPanel filters={filters} state={draft} ownCategoryId={ownCategoryId} onChange={setDraft} />
        </div>
        <div className={css.sheetActions}>
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={primaryButton} onClick={() => onApply(draft)}>
            Apply
          </button>
        </div>
      </div>
    </div>
  );
}
