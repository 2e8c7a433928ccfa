import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import {
  noFaceMatchIdMessage,
  selectFaceError,
  selectSelfie,
  underAgeMessage,
  webcamIssueMessage,
  type FaceVerifyActor,
} from '../../machines/identity/index.ts';
import { identityPrompts } from '../../rules/face-check.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import * as css from './face-check.css.ts';
import { IdentityPrompt } from './identity-prompt.tsx';
import { SelfieCamera } from './selfie-camera.tsx';
import { useShownMessage } from '../layout/shown-message.ts';

/**
 * The face check's body, the same in the checkout's face step and on /verifyFace: TAKE SELFIE (or RETAKE), VERIFY,
 * the progress and the spec's messages; or, for a shopper who cannot take it yet, what to do first. The flow is
 * face-verify.machine's.
 */
export function FaceCheck({ actor }: { actor: FaceVerifyActor }) {
  const accountNeeded = useSelector(actor, (s) => s.matches('accountNeeded'));
  const identityNeeded = useSelector(actor, (s) => s.matches('identityNeeded'));
  const tooYoung = useSelector(actor, (s) => s.matches('tooYoung'));
  const readingIdentity = useSelector(actor, (s) => s.matches('asking') || s.matches('readingIdentity'));
  const cartNeeded = useSelector(actor, (s) => s.matches('cartNeeded'));
  // The camera waits for the server's word on the identity (it may say the check cannot be taken).
  if (readingIdentity)
    return (
      <p className={css.status} role="status">
        Checking your identity…
      </p>
    );
  if (accountNeeded) return <IdentityPrompt gap="create-account" title="Please sign in" text={identityPrompts.signInToCheck} />;
  // The spec's "Face Match Id Not Available.": nothing verified to compare with.
  if (identityNeeded) return <IdentityPrompt gap="verify-identity" title={noFaceMatchIdMessage} />;
  // Refused as 21 or under (the server's refusal 'under-21'): why, and no way to verify again.
  if (tooYoung) return <IdentityPrompt gap="under-21" title={underAgeMessage} />;
  if (cartNeeded)
    return (
      <div className={css.prompt} role="alert">
        <p className={css.promptText}>{identityPrompts.noCart}</p>
        <div className={css.actions}>
          <Link className={css.primaryLink} to="/store">
            Start Shopping
          </Link>
        </div>
      </div>
    );
  return <Camera actor={actor} />;
}

function Camera({ actor }: { actor: FaceVerifyActor }) {
  const selfie = useSelector(actor, selectSelfie);
  const error = useShownMessage(useSelector(actor, selectFaceError));
  const busy = useSelector(actor, (s) => !s.matches('capturing'));

  return (
    <div className={css.body}>
      <p className={css.lead}>Take a selfie: we compare it with the face on your verified ID. It is deleted right after the check.</p>
      <SelfieCamera
        selfie={selfie}
        disabled={busy}
        onTake={(dataUrl) => actor.send({ type: 'face.selfie.take', dataUrl })}
        onRetake={() => actor.send({ type: 'face.selfie.retake' })}
        fallback={<p className={css.error}>{webcamIssueMessage}</p>}
      />
      {busy && (
        <p className={css.status} role="status">
          Checking your face…
        </p>
      )}
      {error && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
      <div className={css.actions}>
        <button type="button" className={primaryButton} disabled={busy} onClick={() => actor.send({ type: 'face.verify' })}>
          {busy ? 'PLEASE WAIT…' : 'VERIFY'}
        </button>
      </div>
    </div>
  );
}
