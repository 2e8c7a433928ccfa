import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import {
  cameraMachine,
  selectCameraConnecting,
  selectCameraLive,
  selectCameraProblem,
  selectCameraStarting,
  selectCameraStream,
} from '../../machines/identity/index.ts';

/**
 * The webcam for the selfie, as the camera machine runs it: asked for while `active`, its picture put into the
 * returned video element, released when no longer needed. `capture()` draws the current frame to a canvas and gives it
 * as a JPEG data URL (browser glue, no flow decisions).
 */
export function useCamera(active: boolean) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  // `mediaDevices` is missing where the browser offers no camera (or the page is not served securely).
  const camera = useActorRef(cameraMachine, { input: { access: navigator.mediaDevices } });
  const stream = useSelector(camera, selectCameraStream);
  const connecting = useSelector(camera, selectCameraConnecting);
  const starting = useSelector(camera, selectCameraStarting);
  const live = useSelector(camera, selectCameraLive);
  const problem = useSelector(camera, selectCameraProblem);

  useEffect(() => {
    camera.send({ type: active ? 'camera.start' : 'camera.stop' });
    return () => camera.send({ type: 'camera.stop' });
  }, [camera, active]);
  // Leaving the page tells the camera while it still runs: a layout effect's cleanup comes before @xstate/react's
  // passive one that stops the actor, so an ask still unanswered is withdrawn (and a held camera released) by the
  // machine itself, not only by stopping it.
  useLayoutEffect(() => () => camera.send({ type: 'camera.stop' }), [camera]);

  // The granted picture goes into the preview; once it plays (or cannot autoplay, still showing frames) TAKE SELFIE
  // comes alive.
  useEffect(() => {
    const video = videoRef.current;
    if (!connecting || !video || !stream) return;
    video.srcObject = stream;
    const playing = () => camera.send({ type: 'camera.playing' });
    video.play().then(playing, playing);
  }, [camera, connecting, stream]);

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

  return { videoRef, starting, live, problem, capture };
}
