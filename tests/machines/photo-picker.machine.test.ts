import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { photoPickerMachine, photoProblems, type PhotoPickerContext } from '../../src/machines/identity/photo-picker.machine.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

/** A file the graph can tell from another: the planner keys events by their JSON, and a File's is '{}'. */
function namedFile(parts: BlobPart[], name: string, type: string): File {
  return Object.assign(new File(parts, name, { type }), { toJSON: () => ({ name, type }) });
}
const photo = namedFile([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', 'image/jpeg');
const pdf = namedFile(['%PDF-1.7'], 'licence.pdf', 'application/pdf');

const { label, eventName } = labelled();
const choosePhoto = label('a JPEG chosen', { type: 'photo.choose', file: photo });
const choosePdf = label('a PDF chosen', { type: 'photo.choose', file: pdf });
const read = label('readPhoto: read', done('readPhoto', 'data:image/jpeg;base64,/9j/'));
const unreadable = label('readPhoto: unreadable', failed('readPhoto', new Error('gone')));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('reading')) return [read, unreadable, choosePdf];
  return [choosePhoto, choosePdf];
}
const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, (snapshot.context as PhotoPickerContext).problem ?? null]);

describe('photo picker paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const input = { read: async () => 'data:,' };
  const plans = planPaths(photoPickerMachine, { input, events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name || p.events.map(eventName).join(' → ') || '(initial)', p]))('%s', (_name, plan) => {
    const result = replay(photoPickerMachine, plan, input);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    expect((result.snapshot.context as PhotoPickerContext).problem).toEqual((plan.expected.context as PhotoPickerContext).problem);
  });
  it(coverageTitle(photoPickerMachine), () => {
    expect([...allStateIds(photoPickerMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(photoPickerMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('photo picker behaviour', () => {
  it('refuses another kind of file with the reason, then hands on a photo once read', async () => {
    const actor = createActor(photoPickerMachine, { input: { read: async () => 'data:image/jpeg;base64,/9j/' } }).start();
    const handed: string[] = [];
    actor.on('photo.chosen', (event) => handed.push(event.dataUrl));
    actor.send({ type: 'photo.choose', file: pdf });
    expect(actor.getSnapshot().matches('refused')).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe(photoProblems.wrongType);
    actor.send({ type: 'photo.choose', file: photo });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(handed).toEqual(['data:image/jpeg;base64,/9j/']);
    expect(actor.getSnapshot().context.problem).toBeUndefined();
  });

  it('says a file that cannot be read should be chosen again, and hands nothing on', async () => {
    const actor = createActor(photoPickerMachine, { input: { read: async () => Promise.reject(new Error('gone')) } }).start();
    const handed: string[] = [];
    actor.on('photo.chosen', (event) => handed.push(event.dataUrl));
    actor.send({ type: 'photo.choose', file: photo });
    const snapshot = await waitFor(actor, (s) => s.matches('refused'));
    expect(snapshot.context.problem).toBe(photoProblems.unreadable);
    expect(handed).toEqual([]);
  });
});
