import { useSelector } from '@xstate/react';
import { useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import type { CheckoutAddressActor } from '../../machines/checkout-address.machine.ts';
import type { AddressField, AddressValues } from '../../rules/address-validation.ts';
import { usStates } from '../../rules/us-states.ts';
import { primaryButton, textInput, fieldError } from '../../styles/controls.css.ts';
import { DropdownSelect } from '../controls/dropdown-select.tsx';
import * as css from './checkout.css.ts';

const blank: AddressValues = { firstName: '', lastName: '', address: '', address2: '', city: '', state: '', zip: '', addressNickname: '', phone: '' };
const stateOptions = usStates.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

/** 'ADD NEW ADDRESSES': the spec's shipping form; the machine validates it and reports every invalid field at once. */
export function AddressForm({ actor }: { actor: CheckoutAddressActor }) {
  const [values, setValues] = useState<AddressValues>(blank);
  const [makeDefault, setMakeDefault] = useState(false);
  const errors = useSelector(actor, (s) => s.context.formErrors);
  const lookup = useSelector(actor, (s) => s.context.zipLookup);
  const saving = useSelector(actor, (s) => s.matches({ adding: 'saving' }));
  const lookingUp = useSelector(actor, (s) => s.matches({ adding: 'lookingUp' }));

  // A 5-digit zip fills city and state from the lookup (spec section 5), once the answer is for the zip on screen.
  useEffect(() => {
    if (!lookup || lookup.zip !== values.zip.trim()) return;
    setValues((v) => ({ ...v, city: lookup.city ?? v.city, state: lookup.state ?? v.state }));
    // Only a new answer fills the fields: the shopper may correct them afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lookup]);

  const set = (field: AddressField) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'zip') actor.send({ type: 'address.zip.lookup', zip: value });
  };
  const input = (field: AddressField, label: string, options: { wide?: boolean; inputMode?: 'numeric' | 'tel'; autoComplete?: string } = {}) => (
    <Field key={field} label={label} error={errors[field]} wide={options.wide}>
      {(id, errorId) => (
        <input
          id={id}
          className={textInput}
          value={values[field] ?? ''}
          onChange={set(field)}
          inputMode={options.inputMode}
          autoComplete={options.autoComplete}
          aria-invalid={errors[field] !== undefined}
          aria-describedby={errors[field] ? errorId : undefined}
        />
      )}
    </Field>
  );

  return (
    <section className={css.panel} aria-labelledby="add-address-title">
      <form
        className={css.page}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'address.save', values, makeDefault });
        }}
      >
        <nav className={css.breadcrumb} aria-label="Breadcrumb">
          <button type="button" className={css.backArrow} aria-label="Back to addresses" onClick={() => actor.send({ type: 'address.form.toggle' })}>
            ←
          </button>
          <span>ADDRESS</span>
        </nav>
        <h2 id="add-address-title" className={css.title}>
          ADD NEW ADDRESSES
        </h2>
        <div className={css.form}>
          {input('firstName', 'First Name', { autoComplete: 'given-name' })}
          {input('lastName', 'Last Name', { autoComplete: 'family-name' })}
          {input('address', 'Address', { wide: true, autoComplete: 'address-line1' })}
          {input('address2', 'Address Line 2 (optional)', { wide: true, autoComplete: 'address-line2' })}
          {input('zip', 'Zipcode', { inputMode: 'numeric', autoComplete: 'postal-code' })}
          {input('city', 'City', { autoComplete: 'address-level2' })}
          <div className={css.field}>
            <DropdownSelect
              label="State"
              options={stateOptions}
              value={values.state || undefined}
              onChange={(state) => setValues((v) => ({ ...v, state }))}
            />
            {errors.state && (
              <span className={fieldError} role="alert">
                {errors.state}
              </span>
            )}
          </div>
          {input('addressNickname', 'Address Nickname')}
          {input('phone', 'Phone', { inputMode: 'tel', autoComplete: 'tel' })}
          <label className={css.checkboxRow}>
            <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
            Make this my default address
          </label>
        </div>
        <div className={css.actions}>
          <button type="submit" className={primaryButton} disabled={saving || lookingUp} aria-busy={saving}>
            {saving && <span className={css.spinner} role="progressbar" aria-label="Saving" />}
            SAVE ADDRESS
          </button>
        </div>
      </form>
    </section>
  );
}

function Field({
  label,
  error,
  wide,
  children,
}: {
  label: string;
  error: string | undefined;
  wide?: boolean | undefined;
  children: (id: string, errorId: string) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={wide ? `${css.field} ${css.wide}` : css.field}>
      <label htmlFor={id}>{label}</label>
      {children(id, errorId)}
      {error && (
        <span id={errorId} className={fieldError} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
