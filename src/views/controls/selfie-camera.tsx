import type { ReactNode } from 'react';
import { secondaryButton } from '../../styles/controls.css.ts';
import * as css from './selfie-camera.css.ts';
import { useCamera } from './use-camera.ts';

/**
 * The selfie: the webcam's live picture and TAKE SELFIE; once taken, the photo and RETAKE. Without a camera (refused,
 * missing, no browser support) it says so and shows `fallback` (the KYC screen offers a photo file there; the
 * checkout's face check needs the camera itself). Shared by the KYC screen and the checkout's face step.
 */
export function SelfieCamera({
  selfie,
  disabled,
  onTake,
  onRetake,
  fallback,
}: {
  selfie: string | undefined;
  disabled: boolean;
  onTake: (dataUrl: string) => void;
  onRetake: () => void;
  fallback?: ReactNode;
}) {
  const { videoRef, starting, live, problem, capture } = useCamera(selfie === undefined);

  if (selfie)
    return (
      <div className={css.frame}>
        <img className={css.preview} src={selfie} alt="Selfie preview" />
        <button type="button" className={secondaryButton} disabled={disabled} onClick={onRetake}>
          RETAKE
        </button>
      </div>
    );

  if (problem)
    return (
      <>
        <p role="status" className={css.hint}>
          {problem}
        </p>
        {fallback}
      </>
    );

  const take = () => {
    const dataUrl = capture();
    if (dataUrl) onTake(dataUrl);
  };
  return (
    <div className={css.frame}>
      <video ref={videoRef} className={css.video} aria-label="Camera preview" autoPlay muted playsInline />
      {starting && <span role="status">Starting the camera…</span>}
      <button type="button" className={secondaryButton} disabled={disabled || !live} onClick={take}>
        TAKE SELFIE
      </button>
    </div>
  );
}
