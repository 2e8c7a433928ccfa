import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  pincodeMachine,
  selectCartQuestion,
  selectNotServed,
  selectPincodeBusy,
  selectPincodeError,
  selectPincodeValue,
  selectSuggestion,
  selectZipSuggester,
  type PincodeActor,
} from '../../machines/entry/index.ts';
import { fieldError, linkButton, primaryButton, textInput } from '../../styles/controls.css.ts';
import { useAppActors, useNotify } from '../app-context.tsx';
import * as dialogCss from '../../styles/dialog.css.ts';
import * as css from './pincode-dialog.css.ts';
import { AreaChangeQuestionView } from '../controls/area-change-question.tsx';

export function servedZipsPath(city: string | undefined, state: string | undefined): string {
  return city && state ? `/currentZipCodes/${encodeURIComponent(city)}/${encodeURIComponent(state)}` : '/currentZipCodes/ALL/US';
}

/** The header's Change: a dialog with its own pincode actor; the machine says when to navigate, snackbar and close. */
export function PincodeDialog({ dismissible, onClose }: { dismissible: boolean; onClose?: () => void }) {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const notify = useNotify();
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  const machine = useMemo(
    () =>
      pincodeMachine.provide({
        actions: {
          // The spec: a pincode chosen in this dialog navigates to '/', which opens the store on it (storefront.md 4).
          goToStore: () => navigate('/'),
          notifyPincodeChanged: (_, params) => notify.snackbar(params.message),
          reportClosed: () => latestClose.current?.(),
        },
      }),
    [navigate, notify],
  );
  const actor = useActorRef(machine, { input: { session, dismissible } });
  return <PincodeDialogView actor={actor} onLeave={onClose} />;
}

/** 'Please enter your pincode to start shopping' — renders a pincode actor (the header's, or the entry's child on '/'). */
export function PincodeDialogView({ actor, onLeave }: { actor: PincodeActor; onLeave?: (() => void) | undefined }) {
  const busy = useSelector(actor, selectPincodeBusy);
  const question = useSelector(actor, selectCartQuestion);
  const canCancel = useSelector(actor, (s) => s.can({ type: 'pincode.cancel' }));
  const titleId = useId();

  return (
    <div className={dialogCss.backdrop}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className={dialogCss.dialog}>
        {canCancel && (
          <button type="button" className={css.close} aria-label="Close" onClick={() => actor.send({ type: 'pincode.cancel' })}>
            ×
          </button>
        )}
        {question ? (
          <AreaChangeQuestionView
            titleId={titleId}
            question={{
              target: question.zipcode,
              current: question.oldZipcode,
              keep: question.keep,
              drop: question.drop,
              restore: question.restore,
              keepFor: question.oldZipcode,
              endsVisit: question.endsVisit,
            }}
            onConfirm={() => actor.send({ type: 'pincode.confirm' })}
            onKeep={() => actor.send({ type: 'pincode.keep' })}
            onKeepOld={() => actor.send({ type: 'pincode.keepOld' })}
          />
        ) : (
          <PincodeForm actor={actor} titleId={titleId} busy={busy} onLeave={onLeave} />
        )}
      </div>
    </div>
  );
}

function PincodeForm({ actor, titleId, busy, onLeave }: { actor: PincodeActor; titleId: string; busy: boolean; onLeave?: (() => void) | undefined }) {
  const suggester = useSelector(actor, selectZipSuggester);
  const suggestion = useSelector(suggester, selectSuggestion);
  const value = useSelector(actor, selectPincodeValue);
  const error = useSelector(actor, selectPincodeError);
  const notServed = useSelector(actor, selectNotServed);
  const inputId = useId();
  const errorId = useId();
  return (
    <>
      <h2 id={titleId} className={dialogCss.title}>
        Please enter your pincode to start shopping
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'pincode.submit' });
        }}
      >
        <label htmlFor={inputId} className={css.label}>
          Pincode
        </label>
        <input
          id={inputId}
          className={textInput}
          inputMode="numeric"
          autoComplete="postal-code"
          autoFocus
          // The machine takes no typing while the pincode is checked or the cart moved: the field says so, keeping the caret.
          readOnly={busy}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => actor.send({ type: 'pincode.change', value: event.target.value })}
        />
        {suggestion && (
          <p className={css.suggestion}>
            Shopping near {suggestion.fromCity ?? suggestion.city}?{' '}
            <button type="button" className={linkButton} disabled={busy} onClick={() => suggester?.send({ type: 'suggestion.take' })}>
              Use {suggestion.zipcode} ({suggestion.city}, {suggestion.state})
            </button>
          </p>
        )}
        {error && (
          <p id={errorId} className={fieldError} role="alert">
            {error}
          </p>
        )}
        {notServed && (
          <div className={css.notServed} role="alert">
            <p>{notServed.message}</p>
            <Link to={servedZipsPath(notServed.city, notServed.state)} onClick={() => onLeave?.()} className={linkButton}>
              See the pincodes we serve
            </Link>
          </div>
        )}
        <button type="submit" className={`${primaryButton} ${css.submit}`} disabled={busy}>
          {busy ? 'Checking…' : 'Start Shopping'}
        </button>
      </form>
    </>
  );
}
