import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState = { kind: 'starting' } | { kind: 'live' } | { kind: 'unavailable'; reason: string };

function reasonOf(error: unknown): string {
  if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')) return 'Camera access was not allowed.';
  if (error instanceof DOMException && (error.name === 'NotFoundError' || error.name === 'OverconstrainedError')) return 'No camera was found.';
  return 'The camera could not be started.';
}

/**
 * The webcam for the selfie (browser glue, no flow decisions): while `active`, asks for the camera, shows it in the
 * returned video element and stops every track when no longer needed (a taken selfie, leaving the page).
 * `capture()` draws the current frame to a canvas and gives it as a JPEG data URL.
 */
export function useCamera(active: boolean) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });

  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | undefined;
    let cancelled = false;
    setState({ kind: 'starting' });
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'unavailable', reason: 'This browser gives no camera access.' });
      return;
    }
    navigator.mediaDevices.getUserMedia({ video: true, audio: false }).then(
      (granted) => {
        if (cancelled) {
          granted.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = granted;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = granted;
        // Live once frames flow: TAKE SELFIE before that would draw an empty canvas.
        const live = () => {
          if (!cancelled) setState({ kind: 'live' });
        };
        video.play().then(live, live);
      },
      (error: unknown) => {
        if (!cancelled) setState({ kind: 'unavailable', reason: reasonOf(error) });
      },
    );
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [active]);

  const capture = useCallback((): string | undefined => {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0 || video.videoHeight === 0) return undefined;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.92);
  }, []);

  return { videoRef, state, capture };
}
