import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { cameraMachine, cameraProblemOf, cameraProblems, type CameraContext } from '../../src/machines/identity/camera.machine.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

/** A camera stream as far as the machine uses it: tracks that can be stopped, and a count of the stops. */
function fakeStream() {
  const stopped: string[] = [];
  const track = { stop: () => stopped.push('video') };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  return { stream, stopped };
}

const { label, eventName } = labelled();
const granted = label('openCamera: granted', done('openCamera', fakeStream().stream));
const refused = label('openCamera: refused', failed('openCamera', new DOMException('denied', 'NotAllowedError')));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('off')) return [{ type: 'camera.start' }];
  if (snapshot.matches('starting')) return [granted, refused, { type: 'camera.stop' }];
  if (snapshot.matches({ showing: 'connecting' })) return [{ type: 'camera.playing' }, { type: 'camera.stop' }];
  return [{ type: 'camera.stop' }];
}
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as CameraContext;
  return JSON.stringify([snapshot.value, c.stream !== undefined, c.problem ?? null]);
};

describe('camera paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const input = { access: undefined };
  const plans = planPaths(cameraMachine, { input, events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name || p.events.map(eventName).join(' → ') || '(initial)', p]))('%s', (_name, plan) => {
    const result = replay(cameraMachine, plan, input);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    expect((result.snapshot.context as CameraContext).problem).toEqual((plan.expected.context as CameraContext).problem);
  });
  it(coverageTitle(cameraMachine), () => {
    expect([...allStateIds(cameraMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(cameraMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('camera behaviour', () => {
  it('says why there is no camera, in the shopper’s words', () => {
    expect(cameraProblemOf(new DOMException('x', 'NotAllowedError'))).toBe(cameraProblems.refused);
    expect(cameraProblemOf(new DOMException('x', 'SecurityError'))).toBe(cameraProblems.refused);
    expect(cameraProblemOf(new DOMException('x', 'NotFoundError'))).toBe(cameraProblems.missing);
    expect(cameraProblemOf(new DOMException('x', 'OverconstrainedError'))).toBe(cameraProblems.missing);
    expect(cameraProblemOf(new Error('boom'))).toBe(cameraProblems.failed);
  });

  it('releases the camera when the selfie no longer needs it, and when the page goes', async () => {
    const { stream, stopped } = fakeStream();
    const actor = createActor(cameraMachine.provide({ actors: { openCamera: fromPromise(async () => stream) } }), {
      input: { access: undefined },
    }).start();
    actor.send({ type: 'camera.start' });
    await waitFor(actor, (s) => s.matches({ showing: 'connecting' }));
    expect(actor.getSnapshot().context.stream).toBe(stream);
    actor.send({ type: 'camera.playing' });
    expect(actor.getSnapshot().matches({ showing: 'live' })).toBe(true);
    actor.send({ type: 'camera.stop' });
    expect(stopped).toEqual(['video']);
    expect(actor.getSnapshot().context.stream).toBeUndefined();

    const second = fakeStream();
    const again = createActor(cameraMachine.provide({ actors: { openCamera: fromPromise(async () => second.stream) } }), {
      input: { access: undefined },
    }).start();
    again.send({ type: 'camera.start' });
    await waitFor(again, (s) => s.matches('showing'));
    again.stop();
    expect(second.stopped).toEqual(['video']);
  });

  it('stops a camera the browser grants after the ask was withdrawn', async () => {
    const { stream, stopped } = fakeStream();
    let grant: (value: MediaStream) => void = () => undefined;
    const access = { getUserMedia: () => new Promise<MediaStream>((resolve) => (grant = resolve)) };
    const actor = createActor(cameraMachine, { input: { access } }).start();
    actor.send({ type: 'camera.start' });
    actor.send({ type: 'camera.stop' });
    grant(stream);
    await vi.waitFor(() => expect(stopped).toEqual(['video']));
    expect(actor.getSnapshot().matches('off')).toBe(true);
  });

  it('says the browser offers no camera when it has no getUserMedia', async () => {
    const actor = createActor(cameraMachine, { input: { access: undefined } }).start();
    actor.send({ type: 'camera.start' });
    const snapshot = await waitFor(actor, (s) => s.matches('unavailable'));
    expect(snapshot.context.problem).toBe(cameraProblems.noApi);
  });
});
