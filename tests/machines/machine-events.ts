import type { AnyEventObject } from 'xstate';
import { ApiError, offlineMessage } from '../../src/api/http.ts';

/** An invoked actor's answer, as the machine receives it: `xstate.done.actor.<id>`. */
export function done(id: string, output: unknown) {
  return { type: `xstate.done.actor.${id}`, output };
}

/** An invoked actor's failure, `xstate.error.actor.<id>`: by default the error `call` throws when offline. */
export function failed(id: string, error: unknown = new ApiError(offlineMessage, 500, 0)) {
  return { type: `xstate.error.actor.${id}`, error };
}

/**
 * Short names for path tests: `label` names an event by what it means ('showCart: 404'), and `eventName` gives that
 * name, or the type and payload of an event never labelled. One pair per test file.
 */
export function labelled() {
  const named = new Map<AnyEventObject, string>();
  return {
    label<E extends AnyEventObject>(name: string, event: E): E {
      named.set(event, name);
      return event;
    },
    eventName(event: AnyEventObject): string {
      const known = named.get(event);
      if (known) return known;
      const { type, ...rest } = event;
      return Object.keys(rest).length > 0 ? `${type} ${JSON.stringify(rest)}` : type;
    },
  };
}
