import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectEditingAddressId, selectEditValues, type AccountDashboardActor } from '../../machines/account/index.ts';
import { addressFormMachine, selectAddressErrors, selectAddressValues } from '../../machines/address-form/index.ts';
import type { AddressField, AddressValues } from '../../rules/address-validation.ts';
import { usStates } from '../../rules/us-states.ts';
import { fieldError, primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import { DropdownSelect } from '../controls/dropdown-select.tsx';
import { TextField } from '../controls/text-field.tsx';
import * as css from './settings.css.ts';

const stateOptions = usStates.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

/** EDIT SHIPPING ADDRESS: the account edit form, prefilled; its address-form actor holds and checks the values, the dashboard saves them. */
export function AccountAddressForm({ actor }: { actor: AccountDashboardActor }) {
  const editingId = useSelector(actor, selectEditingAddressId);
  const initial = useSelector(actor, selectEditValues);
  if (editingId === undefined || !initial) return null;
  // A new address to edit starts a new form.
  return <Form key={editingId} actor={actor} initial={initial} />;
}

function Form({ actor, initial }: { actor: AccountDashboardActor; initial: AddressValues }) {
  const machine = useMemo(
    () => addressFormMachine.provide({ actions: { reportSubmit: ({ context }) => actor.send({ type: 'address.save', values: context.values }) } }),
    [actor],
  );
  const form = useActorRef(machine, { input: { form: 'account-edit', values: initial } });
  const values = useSelector(form, selectAddressValues);
  const errors = useSelector(form, selectAddressErrors);
  const saving = useSelector(actor, (s) => s.hasTag('savingAddress'));
  const change = (field: AddressField, value: string) => form.send({ type: 'address.field.change', field, value });
  const field = (name: AddressField, label: string, options: { inputMode?: 'numeric' | 'tel'; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      value={values[name] ?? ''}
      error={errors[name]}
      inputMode={options.inputMode}
      autoComplete={options.autoComplete}
      onChange={(value) => change(name, value)}
    />
  );

  return (
    <section className={css.card} aria-labelledby="edit-address-title">
      <h2 id="edit-address-title" className={css.cardTitle}>
        EDIT SHIPPING ADDRESS
      </h2>
      <form
        noValidate
        className={css.form}
        aria-labelledby="edit-address-title"
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'address.submit' });
        }}
      >
        {field('firstName', 'First Name', { autoComplete: 'given-name' })}
        {field('lastName', 'Last Name', { autoComplete: 'family-name' })}
        <div className={css.wide}>{field('address', 'Address', { autoComplete: 'address-line1' })}</div>
        {field('city', 'City', { autoComplete: 'address-level2' })}
        {field('zip', 'Zipcode', { inputMode: 'numeric', autoComplete: 'postal-code' })}
        <div>
          <DropdownSelect label="State" options={stateOptions} value={values.state || undefined} onChange={(state) => change('state', state)} />
          {errors.state && <p className={fieldError}>{errors.state}</p>}
        </div>
        {field('phone', 'Phone', { inputMode: 'tel', autoComplete: 'tel' })}
        <div className={`${css.actions} ${css.wide}`}>
          <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
            {saving ? 'SAVING…' : 'SAVE'}
          </button>
          <button type="button" className={secondaryButton} disabled={saving} onClick={() => actor.send({ type: 'address.edit.cancel' })}>
            CANCEL
          </button>
        </div>
      </form>
    </section>
  );
}
