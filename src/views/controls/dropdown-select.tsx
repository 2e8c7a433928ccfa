import { useSelect } from 'downshift';
import * as css from './dropdown-select.css.ts';

export interface DropdownOption<T> {
  value: T;
  label: string;
}

/** An accessible single select (downshift): a labelled combobox button and a listbox of options. */
export function DropdownSelect<T>({
  label,
  options,
  value,
  onChange,
  placeholder = 'Choose…',
  disabled = false,
  errorId,
}: {
  label: string;
  options: readonly DropdownOption<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  placeholder?: string;
  disabled?: boolean;
  /** The id of the field's message when it is refused: the button is marked invalid and points at it. */
  errorId?: string | undefined;
}) {
  const selectedItem = options.find((o) => o.value === value) ?? null;
  const { isOpen, highlightedIndex, getToggleButtonProps, getLabelProps, getMenuProps, getItemProps } = useSelect({
    items: [...options],
    selectedItem,
    itemToString: (item) => item?.label ?? '',
    onSelectedItemChange: ({ selectedItem: chosen }) => {
      if (chosen) onChange(chosen.value);
    },
  });
  return (
    <div className={css.field}>
      <label {...getLabelProps()} className={css.label}>
        {label}
      </label>
      <div className={css.anchor}>
        <button
          type="button"
          {...getToggleButtonProps({ disabled, 'aria-invalid': errorId !== undefined, 'aria-describedby': errorId })}
          className={css.toggle}
        >
          <span>{selectedItem?.label ?? placeholder}</span>
          <span aria-hidden="true">▾</span>
        </button>
        <ul {...getMenuProps()} className={isOpen ? css.menu : css.menuHidden}>
          {isOpen &&
            options.map((option, index) => (
              <li
                key={option.label}
                {...getItemProps({ item: option, index })}
                className={index === highlightedIndex ? css.highlighted : option === selectedItem ? css.selected : css.item}
              >
                {option.label}
              </li>
            ))}
        </ul>
      </div>
    </div>
  );
}
