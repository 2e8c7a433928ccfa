import { assign, fromCallback, fromPromise, setup } from 'xstate';

export type CameraEvent = { type: 'camera.start' } | { type: 'camera.stop' } | { type: 'camera.playing' };

/** What the selfie step says when there is no camera to show (the KYC screen then offers a photo file). */
export const cameraProblems = {
  noApi: 'This browser gives no camera access.',
  refused: 'Camera access was not allowed.',
  missing: 'No camera was found.',
  failed: 'The camera could not be started.',
} as const;

/** The browser has no getUserMedia (an old browser, or a page not served securely). */
class NoCameraApi extends Error {}

/** Why the camera could not be opened, in the shopper's words. */
export function cameraProblemOf(error: unknown): string {
  if (error instanceof NoCameraApi) return cameraProblems.noApi;
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return cameraProblems.refused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return cameraProblems.missing;
  return cameraProblems.failed;
}

function stopTracks(stream: MediaStream): void {
  stream.getTracks().forEach((track) => track.stop());
}

/** The browser's camera access (its media devices), handed in where the machine is created; none in old browsers. */
export type CameraAccess = Pick<MediaDevices, 'getUserMedia'> | undefined;

export interface CameraContext {
  access: CameraAccess;
  stream: MediaStream | undefined;
  problem: string | undefined;
}

/**
 * The webcam for the selfie (KYC and the face check): asked for while the selfie step needs it, shown once granted,
 * live once frames flow (TAKE SELFIE before that would draw an empty picture), and released whenever it is no longer
 * needed: a taken selfie, the page left, an ask withdrawn before the browser answered.
 */
export const cameraMachine = setup({
  types: {
    context: {} as CameraContext,
    input: {} as { access: CameraAccess },
    events: {} as CameraEvent,
  },
  actors: {
    // A stream granted after the ask was withdrawn (the selfie taken from a file meanwhile, the page left) is stopped
    // at once instead of keeping the camera's light on.
    openCamera: fromPromise<MediaStream, CameraAccess>(async ({ input, signal }) => {
      if (!input?.getUserMedia) throw new NoCameraApi();
      const stream = await input.getUserMedia({ video: true, audio: false });
      if (signal.aborted) {
        stopTracks(stream);
        throw new Error('The camera is no longer needed');
      }
      return stream;
    }),
    // Holds the granted camera while it is shown: stopping this actor (leaving `showing`, or the page) releases it.
    holdStream: fromCallback<CameraEvent, MediaStream | undefined>(({ input }) => () => {
      if (input) stopTracks(input);
    }),
  },
  actions: {
    assignStream: assign((_, params: { stream: MediaStream }) => ({ stream: params.stream, problem: undefined })),
    forgetStream: assign({ stream: undefined }),
    assignProblem: assign((_, params: { error: unknown }) => ({ problem: cameraProblemOf(params.error) })),
  },
}).createMachine({
  id: 'camera',
  description:
    'The selfie camera: asked for while the selfie step needs one, shown once the browser grants it, live once frames flow, released when no longer needed; refused or missing, the step says why.',
  context: ({ input }) => ({ access: input.access, stream: undefined, problem: undefined }),
  initial: 'off',
  states: {
    off: {
      description: 'No camera is asked for or held: no selfie step on screen, or its selfie taken.',
      on: { 'camera.start': { target: 'starting', description: 'The selfie step needs the camera: the browser is asked for it.' } },
    },
    starting: {
      description: "The browser is asked for the camera (it may ask the shopper): 'Starting the camera…'.",
      invoke: {
        id: 'openCamera',
        src: 'openCamera',
        input: ({ context }) => context.access,
        onDone: {
          target: 'showing',
          description: 'The camera is granted: its picture goes into the preview.',
          actions: { type: 'assignStream', params: ({ event }) => ({ stream: event.output }) },
        },
        onError: {
          target: 'unavailable',
          description: 'No camera: refused, missing or not offered by this browser; the step says which.',
          actions: { type: 'assignProblem', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'camera.stop': { target: 'off', description: 'No longer needed before the browser answered: the ask is withdrawn.' } },
    },
    showing: {
      description: 'The camera is held and shown in the preview; it is released on leaving.',
      invoke: { id: 'holdStream', src: 'holdStream', input: ({ context }) => context.stream },
      exit: 'forgetStream',
      initial: 'connecting',
      states: {
        connecting: {
          description: 'The picture is on its way to the preview; TAKE SELFIE waits for the first frames.',
          on: { 'camera.playing': { target: 'live', description: 'Frames flow in the preview: TAKE SELFIE comes alive.' } },
        },
        live: { description: 'The live picture: TAKE SELFIE draws its current frame.' },
      },
      on: { 'camera.stop': { target: 'off', description: 'The selfie is taken or the page left: the camera is released.' } },
    },
    unavailable: {
      description: 'There is no camera to show: the reason, and on the KYC screen a photo file instead.',
      on: { 'camera.stop': { target: 'off', description: 'The selfie step is done without the camera.' } },
    },
  },
});
