import { useId } from 'react';
import type { AddCardErrors, AddCardField, AddCardValues } from '../../../machines/cards/index.ts';
import { usStates } from '../../../rules/us-states.ts';
import { fieldError, textInput } from '../../../styles/controls.css.ts';
import * as css from './add-card.css.ts';
import { TextField } from '../text-field.tsx';

export interface BillingAddressFieldsProps {
  values: AddCardValues;
  errors: AddCardErrors;
  disabled: boolean;
  onChange: (field: AddCardField, value: string) => void;
}

/** The billing address of the add-card form (spec "New address payload"; billing words for the errors). */
export function BillingAddressFields({ values, errors, disabled, onChange }: BillingAddressFieldsProps) {
  const stateId = useId();
  const field = (name: AddCardField, label: string, autoComplete: string, extra: { inputMode?: 'numeric' | 'tel' } = {}) => (
    <TextField
      label={label}
      value={values[name]}
      error={errors[name]}
      disabled={disabled}
      autoComplete={autoComplete}
      {...extra}
      onChange={(value) => onChange(name, value)}
    />
  );
  return (
    <>
      <div className={css.row}>
        {field('firstName', 'First Name', 'billing given-name')}
        {field('lastName', 'Last Name', 'billing family-name')}
      </div>
      {field('address', 'Address', 'billing address-line1')}
      {field('address2', 'Address Line 2', 'billing address-line2')}
      <div className={css.row}>
        {field('city', 'City', 'billing address-level2')}
        <div className={css.field}>
          <label htmlFor={stateId} className={css.label}>
            State
          </label>
          <select
            id={stateId}
            className={textInput}
            value={values.state}
            disabled={disabled}
            autoComplete="billing address-level1"
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? `${stateId}-error` : undefined}
            onChange={(e) => onChange('state', e.target.value)}
          >
            <option value="">Choose a state</option>
            {usStates.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name} ({s.code})
              </option>
            ))}
          </select>
          {errors.state && (
            <p id={`${stateId}-error`} className={fieldError}>
              {errors.state}
            </p>
          )}
        </div>
        {field('zip', 'Zipcode', 'billing postal-code', { inputMode: 'numeric' })}
      </div>
      {field('phone', 'Phone', 'billing tel', { inputMode: 'tel' })}
    </>
  );
}
