import {
  filterGroups,
  isFilterChecked,
  withClearAll,
  withFilterToggled,
  type FilterChoiceLike,
  type FilterLike,
  type FilterParameter,
  type ListingQueryState,
} from '../../../rules/listing-query.ts';
import { linkButton } from '../../../styles/controls.css.ts';
import * as css from './filter-panel.css.ts';

export interface FilterPanelProps {
  /** The reply's filters, with the vendor filter added from the cart (withCartVendors). */
  filters: readonly FilterLike<FilterChoiceLike>[];
  state: ListingQueryState;
  /** The page's category: its option is 'Shop All'. */
  ownCategoryId: number | undefined;
  onChange: (next: ListingQueryState) => void;
  /** The desktop column names itself; inside the sheet the dialog's title does. */
  heading?: string | undefined;
}

/** Checkbox groups per filter name and Clear All; every change is worked out by the listing-query rules. */
export function FilterPanel({ filters, state, ownCategoryId, onChange, heading }: FilterPanelProps) {
  const toggle = (parameter: FilterParameter, value: string) => onChange(withFilterToggled(state, parameter, value, ownCategoryId));
  const checkbox = (parameter: FilterParameter, label: string, value: string) => (
    <label className={css.option}>
      <input
        type="checkbox"
        className={css.checkbox}
        checked={isFilterChecked(state, parameter, value, ownCategoryId)}
        onChange={() => toggle(parameter, value)}
      />
      {label}
    </label>
  );

  return (
    <div className={css.panel}>
      <div className={css.panelHeader}>
        {heading && <h2 className={css.panelTitle}>{heading}</h2>}
        <button type="button" className={linkButton} onClick={() => onChange(withClearAll(state, ownCategoryId))}>
          Clear All
        </button>
      </div>
      {filterGroups(filters).map((group) => (
        <fieldset key={group.name} className={css.group}>
          <legend className={css.legend}>{group.name}</legend>
          <ul className={css.options}>
            {group.options.map(({ parameter, option }) => (
              <li key={`${parameter}:${option.value}`}>
                {checkbox(parameter, option.label, option.value)}
                {option.children && option.children.length > 0 && (
                  <ul className={css.nested}>
                    {option.children.map((child) => (
                      <li key={`${parameter}:${child.value}`}>{checkbox(parameter, child.label, child.value)}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
