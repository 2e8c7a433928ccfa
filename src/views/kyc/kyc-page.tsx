import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  kycMachine,
  selectApplicationId,
  selectKycImages,
  selectKycMessage,
  selectMissingPhotos,
  selectVerificationUrl,
  type KycActor,
} from '../../machines/identity/index.ts';
import { identityPrompts } from '../../rules/face-check.ts';
import { kycReturnPathOf } from '../../rules/kyc-return.ts';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import { useAppActors, useNotify } from '../app-context.tsx';
import { IdentityPrompt } from '../controls/identity-prompt.tsx';
import { SelfieCamera } from '../controls/selfie-camera.tsx';
import { localToday } from './image-files.ts';
import * as css from './kyc.css.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { useShownMessage } from '../layout/shown-message.ts';

/**
 * /kyc (spec "KYC screen"): the Application ID, the ID's front and back, a webcam selfie, SUBMIT; opened from
 * /setting/user as /kyc?mode=update it offers CANCEL back there. The flow is kyc.machine's; this page holds only the
 * browser parts (files, drag and drop, the camera).
 */
export function KycPage() {
  const [params] = useSearchParams();
  const updateMode = params.get('mode') === 'update';
  // Keyed by mode: the verified notice's 'Update verification' link stays on /kyc, and the flow restarts in update mode.
  return <KycScreen key={updateMode ? 'update' : 'verify'} updateMode={updateMode} />;
}

function KycScreen({ updateMode }: { updateMode: boolean }) {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const machine = useMemo(
    () =>
      kycMachine.provide({
        actions: {
          notifyFaceMatch: (_, { message }) => notify.toast('success', message),
          notifySignedUp: (_, { message }) => notify.snackbar(message),
          goToSignIn: () => navigate('/signIn'),
          goBack: (_, { path }) => navigate(path),
          goToSettings: () => navigate('/setting/user'),
        },
      }),
    [navigate, notify],
  );
  const returnTo = kycReturnPathOf(params.get('from'));
  const actor = useActorRef(machine, { input: { session, updateMode, today: localToday(), returnTo } });
  const accountNeeded = useSelector(actor, (s) => s.matches('accountNeeded'));
  const alreadyVerified = useSelector(actor, (s) => s.matches('alreadyVerified'));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const applicationId = useSelector(actor, selectApplicationId);
  const message = useShownMessage(useSelector(actor, selectKycMessage));

  return (
    <div className={css.page}>
      <section className={css.card} aria-labelledby="kyc-title">
        <h1 id="kyc-title" className={css.title}>
          {updateMode ? 'Update verification' : 'Verify your identity'}
        </h1>
        <p className={css.subtitle}>Photos of both sides of your national ID and a selfie: you must be over 21 to be verified.</p>
        {accountNeeded && <IdentityPrompt gap="create-account" title="Please sign in" text={identityPrompts.signInToVerify} cartLink={false} />}
        {alreadyVerified && (
          <div role="status">
            <p className={css.notice}>{verifiedText}</p>
            <div className={css.actions}>
              <Link className={primaryButton} to="/kyc?mode=update">
                Update verification
              </Link>
              <Link className={css.link} to={returnTo ?? '/setting/user'}>
                {returnTo ? 'Back to your order' : 'Back to my account'}
              </Link>
            </div>
          </div>
        )}
        {loading && (
          <p role="status" className={css.status}>
            Loading your application…
          </p>
        )}
        {loadFailed && (
          <div role="alert">
            <p className={css.message}>{message}</p>
            <div className={css.actions}>
              <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'kyc.retry' })}>
                TRY AGAIN
              </button>
              <Link to="/signIn">Sign in</Link>
            </div>
          </div>
        )}
        {applicationId && <KycForm actor={actor} applicationId={applicationId} updateMode={updateMode} />}
      </section>
    </div>
  );
}

function progressText(actor: ReturnType<KycActor['getSnapshot']>): string | undefined {
  if (
    actor.matches({ submitting: 'uploadingFront' }) ||
    actor.matches({ submitting: 'uploadingBack' }) ||
    actor.matches({ submitting: 'uploadingSelfie' })
  )
    return 'Uploading your photos…';
  if (actor.matches({ submitting: 'matchingFace' }) || actor.matches({ submitting: 'checkingAge' })) return 'Matching your face with your ID…';
  if (actor.matches({ submitting: 'verifyingCustomer' })) return 'Verifying your account…';
  return undefined;
}

const verifiedText = 'Your identity is already verified: you may order age-restricted items.';

/** Photos uploaded earlier and not decided yet (back from a vendor's page, or a check that failed to run). */
const photosOnServerText = 'Your photos are already with us. Press Check again to verify them, or choose new photos and Submit.';

function KycForm({ actor, applicationId, updateMode }: { actor: KycActor; applicationId: string; updateMode: boolean }) {
  const images = useSelector(actor, selectKycImages);
  const missing = useSelector(actor, selectMissingPhotos);
  const message = useShownMessage(useSelector(actor, selectKycMessage));
  const editing = useSelector(actor, (s) => s.matches('editing'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const refused = useSelector(actor, (s) => s.matches('refused'));
  const pending = useSelector(actor, (s) => s.matches('pending'));
  const verificationUrl = useSelector(actor, selectVerificationUrl);
  // Back from the vendor's page in a fresh /kyc: the photos are on the server, nothing chosen here.
  const canCheck = useSelector(actor, (s) => s.matches('editing') && s.can({ type: 'kyc.check' }));
  const progress = useSelector(actor, progressText);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'kyc.submit' });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Identity verification">
      <p className={css.applicationId}>
        Application ID: <strong>{applicationId}</strong>
      </p>
      <fieldset className={css.fields} disabled={!editing}>
        <div className={css.photos}>
          <div className={css.photo}>
            <h2 className={css.photoTitle}>ID FRONT</h2>
            <PhotoPicker
              label="ID front photo"
              preview={images.aadhaar_front}
              previewAlt="ID front preview"
              capture="environment"
              disabled={!editing}
              onChoose={(dataUrl) => actor.send({ type: 'kyc.front.choose', dataUrl })}
            />
          </div>
          <div className={css.photo}>
            <h2 className={css.photoTitle}>ID BACK</h2>
            <PhotoPicker
              label="ID back photo"
              preview={images.aadhaar_back}
              previewAlt="ID back preview"
              capture="environment"
              disabled={!editing}
              onChoose={(dataUrl) => actor.send({ type: 'kyc.back.choose', dataUrl })}
            />
          </div>
          <div className={css.photo}>
            <h2 className={css.photoTitle}>SELFIE</h2>
            <SelfieCamera
              selfie={images.selfie}
              disabled={!editing}
              onTake={(dataUrl) => actor.send({ type: 'kyc.selfie.take', dataUrl })}
              onRetake={() => actor.send({ type: 'kyc.selfie.retake' })}
              fallback={
                <PhotoPicker
                  label="Selfie photo"
                  preview={undefined}
                  previewAlt="Selfie preview"
                  capture="user"
                  disabled={!editing}
                  onChoose={(dataUrl) => actor.send({ type: 'kyc.selfie.take', dataUrl })}
                />
              }
            />
          </div>
        </div>
      </fieldset>
      {missing.length > 0 && (
        <ul role="alert" aria-label="Missing photos" className={css.missing}>
          {missing.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {progress && (
        <p role="status" className={css.status}>
          {progress}
        </p>
      )}
      {(failed || refused) && message && (
        <p role="alert" className={css.message}>
          {message}
        </p>
      )}
      {canCheck && (
        <p role="status" className={css.notice}>
          {photosOnServerText}
        </p>
      )}
      {pending && message && (
        <p role="status" className={css.notice}>
          {message}
        </p>
      )}
      <div className={css.actions}>
        {pending ? (
          <VendorActions verificationUrl={verificationUrl} onCheck={() => actor.send({ type: 'kyc.check' })} />
        ) : failed ? (
          // Keyed apart from SUBMIT: React would reuse this button for it, and the click that leaves `failed` would
          // then submit the form as it ends (a TRY AGAIN that resubmits at once, before the shopper changes a photo).
          <button key="retry" type="button" className={primaryButton} onClick={() => actor.send({ type: 'kyc.retry' })}>
            TRY AGAIN
          </button>
        ) : (
          !refused && (
            <button key="submit" type="submit" className={primaryButton} disabled={!editing}>
              {progress ? 'PLEASE WAIT…' : 'SUBMIT'}
            </button>
          )
        )}
        {canCheck && (
          <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'kyc.check' })}>
            Check again
          </button>
        )}
        {updateMode && (
          <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'kyc.cancel' })}>
            CANCEL
          </button>
        )}
        {/* Refused for age: trying again would not change it; the rest of the shop is still open. */}
        {refused && (
          <Link className={css.link} to="/store">
            Continue Shopping
          </Link>
        )}
      </div>
    </form>
  );
}

/**
 * The vendor has not decided (decision 016): its page in a new tab when it gave one (the machine keeps only a safe
 * link), and Check again once the shopper is done there.
 */
function VendorActions({ verificationUrl, onCheck }: { verificationUrl: string | undefined; onCheck: () => void }) {
  return (
    <>
      {verificationUrl && (
        <a className={`${primaryButton} ${css.vendorLink}`} href={verificationUrl} target="_blank" rel="noopener noreferrer">
          Continue verification
        </a>
      )}
      <button type="button" className={verificationUrl ? secondaryButton : primaryButton} onClick={onCheck}>
        Check again
      </button>
    </>
  );
}
