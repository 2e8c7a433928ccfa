import type { AnyEventObject } from 'xstate';
import { ApiError, offlineMessage } from '../../src/api/http.ts';

/** Events for machine tests: an invoked actor's answer or failure, and readable names for path test titles. */

/** The error `call` throws when the request never reached the server. */
export const offline = new ApiError(offlineMessage, 500, 0);

/** An invoked actor's answer, as the machine receives it: `xstate.done.actor.<id>` with the actor's output. */
export function done(id: string, output: unknown): AnyEventObject {
  return { type: `xstate.done.actor.${id}`, output };
}

/** An invoked actor's failure, `xstate.error.actor.<id>`; offline unless told otherwise. */
export function failed(id: string, error: unknown = offline): AnyEventObject {
  return { type: `xstate.error.actor.${id}`, error };
}

const names = new WeakMap<AnyEventObject, string>();

/** Names an event for path titles ('placeOrder: declined' instead of its JSON). */
export function label<E extends AnyEventObject>(name: string, event: E): E {
  names.set(event, name);
  return event;
}

/** An event's label, else its type and fields. */
export function eventName(event: AnyEventObject): string {
  const known = names.get(event);
  if (known) return known;
  const { type, ...rest } = event;
  return Object.keys(rest).length > 0 ? `${type} ${JSON.stringify(rest)}` : type;
}

/** A path's title: its events' names. */
export function pathName(events: readonly AnyEventObject[]): string {
  return events.map(eventName).join(' → ') || '(initial)';
}

/** `label` and `eventName` as a pair, for files that destructure them. */
export function labelled(): { label: typeof label; eventName: typeof eventName } {
  return { label, eventName };
}

/**
 * Invoked actors whose every call waits for the test's answer, so every state can be looked at: `held<T>(id)` is an
 * actor's promise, `next(id)` waits for its one call and hands over how to answer it.
 */
export function heldCalls(waitFor: (check: () => void) => Promise<void>) {
  const pending: Record<string, { resolve: (reply: unknown) => void; reject: (error: unknown) => void }[]> = {};
  const held =
    <T>(id: string) =>
    () =>
      new Promise<T>((resolve, reject) => (pending[id] ??= []).push({ resolve: resolve as (reply: unknown) => void, reject }));
  const next = async (id: string) => {
    await waitFor(() => {
      if (pending[id]?.length !== 1) throw new Error(`${id}: ${pending[id]?.length ?? 0} calls waiting`);
    });
    const call = pending[id]?.shift();
    if (!call) throw new Error(`${id} was not asked`);
    return call;
  };
  return { held, next };
}
