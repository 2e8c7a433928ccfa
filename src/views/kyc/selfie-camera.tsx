import { secondaryButton } from '../../styles/controls.css.ts';
import * as css from './kyc.css.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { useCamera } from './use-camera.ts';

/**
 * The selfie: the webcam's live picture and TAKE SELFIE; once taken, the photo and RETAKE. Without a camera (refused,
 * missing, no browser support) it says so and offers a photo file instead.
 */
export function SelfieCamera({
  selfie,
  disabled,
  onTake,
  onRetake,
}: {
  selfie: string | undefined;
  disabled: boolean;
  onTake: (dataUrl: string) => void;
  onRetake: () => void;
}) {
  const { videoRef, state, capture } = useCamera(selfie === undefined);

  if (selfie)
    return (
      <div className={css.dropZone}>
        <img className={css.preview} src={selfie} alt="Selfie preview" />
        <button type="button" className={secondaryButton} disabled={disabled} onClick={onRetake}>
          RETAKE
        </button>
      </div>
    );

  if (state.kind === 'unavailable')
    return (
      <>
        <p role="status" className={css.hint}>
          {state.reason} Choose a selfie photo instead.
        </p>
        <PhotoPicker label="Selfie photo" preview={undefined} previewAlt="Selfie preview" capture="user" disabled={disabled} onChoose={onTake} />
      </>
    );

  const take = () => {
    const dataUrl = capture();
    if (dataUrl) onTake(dataUrl);
  };
  return (
    <div className={css.dropZone}>
      <video ref={videoRef} className={css.video} aria-label="Camera preview" autoPlay muted playsInline />
      {state.kind === 'starting' && <span role="status">Starting the camera…</span>}
      <button type="button" className={secondaryButton} disabled={disabled || state.kind !== 'live'} onClick={take}>
        TAKE SELFIE
      </button>
    </div>
  );
}
