import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { DashboardIdentity } from '../../api/contract/account.contract.ts';
import {
  accountDashboardMachine,
  selectAddresses,
  selectAddressesError,
  selectCanDeleteAddress,
  selectConfirmingDeleteId,
  selectCanEditAddress,
  selectCanMakeDefault,
  selectCustomerName,
  selectDashboard,
  selectDashboardError,
  selectEditingAddressId,
  selectPendingAddressId,
  type AccountDashboardActor,
  type Preference,
} from '../../machines/account/index.ts';
import type { ShippingAddress } from '../../rules/checkout-flow.ts';
import { identityEntryLabel, identityStatusText } from '../../rules/identity-status.ts';
import { successToastDefaults } from '../../rules/messages.ts';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import { useNotify, useSessionValue } from '../app-context.tsx';
import { CardTab } from '../controls/cards/card-tab.tsx';
import { AccountAddressForm } from './account-address-form.tsx';
import { LoadState } from './load-state.tsx';
import * as css from './settings.css.ts';

const maskedPassword = '••••••••';
const noop = () => undefined;

/** /setting/user: YOUR INFORMATION, YOUR PREFRENCES, MY SHIPPING ADDRESS, EDIT SHIPPING ADDRESS and PAYMENT METHOD. */
export function AccountTab() {
  // Only a signed-in shopper reaches /setting/user, and signing in stores her CustomerId with the token.
  const customerId = useSessionValue('CustomerId');
  return customerId === undefined ? null : <AccountDashboard customerId={customerId} />;
}

function AccountDashboard({ customerId }: { customerId: number }) {
  const notify = useNotify();
  const machine = useMemo(
    () =>
      accountDashboardMachine.provide({
        actions: {
          notifyFailure: (_, params) => notify.toast('error', params.message),
          notifyUpdated: () => notify.toast('success', successToastDefaults.updated),
        },
      }),
    [notify],
  );
  const actor = useActorRef(machine, { input: { customerId } });
  const name = useSelector(actor, selectCustomerName);
  const editing = useSelector(actor, (s) => s.matches({ addresses: { list: 'editing' } }));

  return (
    <div className={css.page}>
      <div className={css.grid}>
        <Information actor={actor} />
        <Preferences actor={actor} />
      </div>
      <Addresses actor={actor} />
      {editing && <AccountAddressForm actor={actor} />}
      {/* Only a customer with a name has cards to show (a guest account has none to manage). */}
      {name !== '' && (
        <section className={css.card} aria-label="Payment method">
          <CardTab fromSettings onContinue={noop} />
        </section>
      )}
    </div>
  );
}

function Information({ actor }: { actor: AccountDashboardActor }) {
  const dashboard = useSelector(actor, selectDashboard);
  const loading = useSelector(actor, (s) => s.hasTag('loadingDashboard'));
  const error = useSelector(actor, selectDashboardError);
  return (
    <section className={css.card} aria-labelledby="your-information-title">
      <h2 id="your-information-title" className={css.cardTitle}>
        YOUR INFORMATION
      </h2>
      <LoadState
        loading={loading && !dashboard}
        loadingText="Loading your information…"
        error={error}
        onRetry={() => actor.send({ type: 'dashboard.retry' })}
      />
      {dashboard && (
        <dl className={css.facts}>
          {dashboard.name !== '' && <Fact name="Full Name" value={dashboard.name} />}
          <Fact name="Primary Address" value={dashboard.address || 'No address saved yet'} />
          <Fact name="Email" value={dashboard.email} />
          {dashboard.name !== '' && <Fact name="Password" value={maskedPassword} />}
        </dl>
      )}
      {dashboard && <IdentityStatus identity={dashboard.identity} />}
    </section>
  );
}

/** The identity verification's status and the entry to the KYC screen in update mode (its Cancel comes back here). */
function IdentityStatus({ identity }: { identity: DashboardIdentity }) {
  return (
    <div aria-label="Identity verification" role="group">
      <dl className={css.facts}>
        <Fact name="Identity" value={identityStatusText[identity.status]} />
        {identity.status === 'refused' && <Fact name="Reason" value={identity.reason} />}
      </dl>
      <p className={css.status}>
        <Link to="/kyc?mode=update">{identityEntryLabel(identity.status)}</Link>
      </p>
    </div>
  );
}

function Fact({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt className={css.factName}>{name}</dt>
      <dd className={css.factValue}>{value}</dd>
    </>
  );
}

const switches: readonly { preference: Preference; label: string }[] = [
  { preference: 'notification', label: 'NOTIFICATIONS' },
  { preference: 'newsletter_subscription', label: 'NEWSLETTER' },
];

function Preferences({ actor }: { actor: AccountDashboardActor }) {
  const dashboard = useSelector(actor, selectDashboard);
  const canToggle = useSelector(actor, (s) => s.can({ type: 'preference.toggle', preference: 'notification', on: true }));
  return (
    <section className={css.card} aria-labelledby="your-preferences-title">
      <h2 id="your-preferences-title" className={css.cardTitle}>
        YOUR PREFRENCES
      </h2>
      {switches.map(({ preference, label }) => (
        <label key={preference} className={css.switchRow}>
          {label}
          <input
            type="checkbox"
            role="switch"
            className={css.switchInput}
            checked={dashboard?.[preference] === 1}
            disabled={!canToggle}
            onChange={(e) => actor.send({ type: 'preference.toggle', preference, on: e.target.checked })}
          />
        </label>
      ))}
    </section>
  );
}

function Addresses({ actor }: { actor: AccountDashboardActor }) {
  const addresses = useSelector(actor, selectAddresses);
  const loading = useSelector(actor, (s) => s.hasTag('loadingAddresses'));
  const error = useSelector(actor, selectAddressesError);
  return (
    <section id="shipping-addresses" className={css.card} aria-labelledby="shipping-address-title">
      <h2 id="shipping-address-title" className={css.cardTitle}>
        MY SHIPPING ADDRESS
      </h2>
      <LoadState loading={loading} loadingText="Loading your addresses…" error={error} onRetry={() => actor.send({ type: 'addresses.retry' })} />
      {!loading && !error && addresses.length === 0 && <p className={css.status}>You have no saved shipping addresses yet.</p>}
      {/* After a failed reload the rows are the last ones read: shown, with their buttons disabled (the machine takes none). */}
      {!loading && addresses.length > 0 && (
        <table className={css.table} aria-labelledby="shipping-address-title">
          <thead>
            <tr className={css.headRow}>
              <th className={css.th}>NAME</th>
              <th className={css.th}>ADDRESS</th>
              <th className={css.th}>ACTIONS</th>
            </tr>
          </thead>
          <tbody className={css.body}>
            {addresses.map((a) => (
              <AddressRow key={a.id} actor={actor} address={a} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** One saved address: Make default, Edit and Delete, each enabled only where the machine takes it for this row. */
function AddressRow({ actor, address: a }: { actor: AccountDashboardActor; address: ShippingAddress }) {
  const pendingId = useSelector(actor, selectPendingAddressId);
  const settingDefault = useSelector(actor, (s) => s.matches({ addresses: { list: 'settingDefault' } }));
  const editingId = useSelector(actor, selectEditingAddressId);
  const canMakeDefault = useSelector(actor, selectCanMakeDefault(a.id));
  const canEdit = useSelector(actor, selectCanEditAddress(a.id));
  const canDelete = useSelector(actor, selectCanDeleteAddress(a.id));
  const confirming = useSelector(actor, selectConfirmingDeleteId) === a.id;
  return (
    <tr className={css.row} aria-label={`${a.type || a.name}: ${a.address_1}`}>
      <td className={css.td}>
        <strong>{a.name}</strong>
        {a.isPrimary && <span className={css.badge}>Default</span>}
        {a.type && <span className={css.nickname}>{a.type}</span>}
      </td>
      <td className={css.td}>
        {a.address_1}, {a.address_2}
        <span className={css.nickname}>{a.phone}</span>
      </td>
      <td className={css.td}>
        {confirming ? (
          <div className={css.actions} role="group" aria-label="Delete this address?">
            <span>Delete this address?</span>
            <button type="button" className={`${primaryButton} ${css.smallButton}`} onClick={() => actor.send({ type: 'address.delete.confirm' })}>
              Yes, delete
            </button>
            <button type="button" className={`${secondaryButton} ${css.smallButton}`} onClick={() => actor.send({ type: 'address.delete.cancel' })}>
              Keep
            </button>
          </div>
        ) : (
          <div className={css.actions}>
            {!a.isPrimary && (
              <button
                type="button"
                className={`${secondaryButton} ${css.smallButton}`}
                disabled={!canMakeDefault}
                onClick={() => actor.send({ type: 'address.default', addressId: a.id })}
              >
                {settingDefault && pendingId === a.id ? 'Saving…' : 'Make default'}
              </button>
            )}
            <button
              type="button"
              className={`${editingId === a.id ? primaryButton : secondaryButton} ${css.smallButton}`}
              aria-pressed={editingId === a.id}
              disabled={!canEdit}
              onClick={() => actor.send({ type: 'address.edit', addressId: a.id })}
            >
              Edit
            </button>
            <button
              type="button"
              className={`${secondaryButton} ${css.smallButton}`}
              disabled={!canDelete}
              onClick={() => actor.send({ type: 'address.delete', addressId: a.id })}
            >
              {!settingDefault && pendingId === a.id ? 'Deleting…' : 'Delete'}
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}
