import { useSelector } from '@xstate/react';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { selectAddressErrors, selectAddressValues, selectMakeDefault, type AddressFormActor } from '../../machines/address-form/index.ts';
import { selectAddressForm, type CheckoutAddressActor } from '../../machines/checkout/index.ts';
import type { AddressField } from '../../rules/address-validation.ts';
import { usStates } from '../../rules/us-states.ts';
import { primaryButton, textInput, fieldError } from '../../styles/controls.css.ts';
import { DropdownSelect } from '../controls/dropdown-select.tsx';
import { FormErrorSummary } from '../controls/form-error-summary.tsx';
import { useFocusFirstInvalid, useFocusOnOpen } from '../controls/use-form-focus.ts';
import * as css from './checkout.css.ts';

const stateOptions = usStates.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

/** 'ADD NEW ADDRESSES': the address step's form child (addressForm) holds the values, checks them and hands them over. */
export function AddressForm({ actor }: { actor: CheckoutAddressActor }) {
  const form = useSelector(actor, selectAddressForm);
  const saving = useSelector(actor, (s) => s.matches({ adding: 'saving' }));
  if (!form) return null;
  return <Form actor={actor} form={form} saving={saving} />;
}

function Form({ actor, form, saving }: { actor: CheckoutAddressActor; form: AddressFormActor; saving: boolean }) {
  const values = useSelector(form, selectAddressValues);
  const makeDefault = useSelector(form, selectMakeDefault);
  const errors = useSelector(form, selectAddressErrors);
  const lookingUp = useSelector(form, (s) => s.matches('lookingUp'));
  const { container, submitted } = useFocusFirstInvalid<HTMLFormElement>(errors);
  const heading = useFocusOnOpen<HTMLHeadingElement>();
  const stateErrorId = useId();
  const set = (field: AddressField) => (e: ChangeEvent<HTMLInputElement>) =>
    form.send({ type: 'address.field.change', field, value: e.target.value });
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
        ref={container}
        className={css.page}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'address.submit' });
          submitted();
        }}
      >
        <nav className={css.breadcrumb} aria-label="Breadcrumb">
          <button type="button" className={css.backArrow} aria-label="Back to addresses" onClick={() => actor.send({ type: 'address.form.toggle' })}>
            ←
          </button>
          <span>ADDRESS</span>
        </nav>
        <h2 id="add-address-title" ref={heading} tabIndex={-1} className={css.title}>
          ADD NEW ADDRESSES
        </h2>
        <FormErrorSummary shown={Object.values(errors).some((e) => e !== undefined)} />
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
              onChange={(state) => form.send({ type: 'address.field.change', field: 'state', value: state })}
              errorId={errors.state ? stateErrorId : undefined}
            />
            {errors.state && (
              <span id={stateErrorId} className={fieldError}>
                {errors.state}
              </span>
            )}
          </div>
          {input('addressNickname', 'Address Nickname')}
          {input('phone', 'Phone', { inputMode: 'tel', autoComplete: 'tel' })}
          <label className={css.checkboxRow}>
            <input
              type="checkbox"
              checked={makeDefault}
              onChange={(e) => form.send({ type: 'address.default.toggle', makeDefault: e.target.checked })}
            />
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
        <span id={errorId} className={fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}
