import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { CaptchaVerifyReply } from '../../api/contract/captcha.contract.ts';
import type { ZipLookupReply } from '../../api/contract/location.contract.ts';
import { verifyCaptcha } from '../../api/customer.api.ts';
import { getAddressByZipcode } from '../../api/location.api.ts';
import { normalizePincode, zipGateError } from '../../rules/pincode.ts';
import { authFailureMessages, messageOf } from '../shared/auth-failure.ts';
import type { CaptchaEvent } from './captcha.ts';
import { visitChoiceKeys } from '../app/session-choices.ts';
import type { SessionValues } from '../app/session-values.ts';
import type { sessionMachine } from '../app/session.machine.ts';

export interface ZipGateInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export interface ZipGateContext extends ZipGateInput {
  zipcode: string;
  error: string | undefined;
  message: string | undefined;
  captcha: string | undefined;
  /** Bumped whenever the server spent the captcha: the view gives the widget a fresh start. */
  captchaRound: number;
}

export type ZipGateEvent = { type: 'field.change'; field: 'zipcode'; value: string } | CaptchaEvent | { type: 'zip.submit' };

function failureMessage(error: unknown): string {
  return messageOf(error, authFailureMessages.somethingWentWrong);
}

/**
 * What the session keeps of a served zip; a new zip also drops the old area's cart, and another area its Dine-In or
 * Pick-Up choice (its restaurant serves the old one), as the pincode dialog does: the store never asks the new area
 * for the old area's restaurant.
 */
function areaValues(reply: ZipLookupReply, stored: SessionValues): Partial<SessionValues> {
  const entry = reply.data?.[0];
  if (!entry) return {};
  const values: Partial<SessionValues> = { zipcode: entry.zipcode, zipState: entry.state, location: entry.loc_id };
  if (stored.location !== undefined && stored.location !== entry.loc_id) {
    for (const key of visitChoiceKeys) values[key] = undefined;
  }
  if (stored.zipcode !== undefined && stored.zipcode !== entry.zipcode) {
    values.cart_id = undefined;
    values.total_products_in_cart = 0;
  }
  return values;
}

/**
 * The zipcode entry gate (/home): a zip and the captcha. The captcha is checked first (POST /api/captcha/verify),
 * then the zip (code 1 stores the area and goes to /store; code -1 shows the server's message).
 */
export const zipGateMachine = setup({
  types: {
    context: {} as ZipGateContext,
    input: {} as ZipGateInput,
    events: {} as ZipGateEvent,
  },
  actors: {
    verifyCaptcha: fromPromise<CaptchaVerifyReply, { altcha: string }>(({ input }) => verifyCaptcha(input.altcha)),
    lookupZip: fromPromise<ZipLookupReply, { zipcode: string }>(({ input }) => getAddressByZipcode(input.zipcode)),
  },
  guards: {
    hasCaptcha: ({ context }) => context.captcha !== undefined,
    isReady: ({ context }) => context.captcha !== undefined && zipGateError(context.zipcode) === undefined,
    isCaptchaAccepted: (_, params: { reply: CaptchaVerifyReply }) => params.reply.code === 1,
    isServed: (_, params: { reply: ZipLookupReply }) => params.reply.code === 1 && params.reply.data?.[0]?.loc_id !== undefined,
  },
  actions: {
    assignZipcode: assign(({ event }) => (event.type === 'field.change' ? { zipcode: event.value, error: undefined } : {})),
    assignCaptcha: assign(({ event }) => (event.type === 'captcha.solve' ? { captcha: event.payload } : {})),
    clearCaptcha: assign({ captcha: undefined }),
    assignNextCaptchaRound: assign(({ context }) => ({ captcha: undefined, captchaRound: context.captchaRound + 1 })),
    assignError: assign(({ context }) => ({ error: zipGateError(context.zipcode), message: undefined })),
    clearFailure: assign({ error: undefined, message: undefined }),
    assignMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    recordArea: sendTo(
      ({ context }) => context.session,
      ({ context }, params: { reply: ZipLookupReply }) => ({
        type: 'session.update' as const,
        values: areaValues(params.reply, context.session.getSnapshot().context),
      }),
    ),
    // Navigation belongs to the view: it provides this.
    goToStore: () => undefined,
  },
}).createMachine({
  id: 'zipGate',
  description: 'The zipcode page (/home): the shopper proves they are not a robot and gives a zipcode we serve.',
  context: ({ input }) => ({
    ...input,
    zipcode: input.session.getSnapshot().context.zipcode ?? '',
    error: undefined,
    message: undefined,
    captcha: undefined,
    captchaRound: 0,
  }),
  initial: 'editing',
  on: {
    'captcha.solve': { actions: 'assignCaptcha', description: 'The captcha widget is solved.' },
    'captcha.reset': { actions: 'clearCaptcha', description: 'The captcha expired or was restarted.' },
  },
  states: {
    editing: {
      description: 'The shopper types a zipcode and solves the captcha.',
      on: {
        'field.change': { description: 'The shopper types their zip code.', actions: 'assignZipcode' },
        'zip.submit': [
          {
            guard: 'isReady',
            target: 'verifyingCaptcha',
            actions: 'clearFailure',
            description: 'A 5-digit zipcode and a solved captcha: the captcha is checked.',
          },
          { guard: 'hasCaptcha', actions: 'assignError', description: 'The zipcode is missing or not 5 digits: the field says why.' },
        ],
      },
    },
    verifyingCaptcha: {
      description: 'Checking the captcha answer.',
      invoke: {
        id: 'verifyCaptcha',
        src: 'verifyCaptcha',
        input: ({ context }) => ({ altcha: context.captcha ?? '' }),
        onDone: [
          {
            guard: { type: 'isCaptchaAccepted', params: ({ event }) => ({ reply: event.output }) },
            target: 'lookingUp',
            description: 'The captcha is accepted: the zipcode is checked.',
          },
          {
            target: 'editing',
            description: 'The captcha was refused: its message shows and a new captcha starts.',
            actions: [
              { type: 'assignMessage', params: ({ event }) => ({ message: event.output.message || authFailureMessages.somethingWentWrong }) },
              'assignNextCaptchaRound',
            ],
          },
        ],
        onError: {
          description: 'The captcha could not be checked (offline, server error): the form says why and a new captcha is asked for.',
          target: 'editing',
          actions: [{ type: 'assignMessage', params: ({ event }) => ({ message: failureMessage(event.error) }) }, 'assignNextCaptchaRound'],
        },
      },
    },
    lookingUp: {
      description: 'Checking whether we deliver to this zipcode.',
      invoke: {
        id: 'lookupZip',
        src: 'lookupZip',
        input: ({ context }) => ({ zipcode: normalizePincode(context.zipcode) }),
        onDone: [
          {
            guard: { type: 'isServed', params: ({ event }) => ({ reply: event.output }) },
            target: 'served',
            description: 'The zip is served: its area is kept and the store opens on it.',
            actions: { type: 'recordArea', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            // The captcha was spent by the check: another try needs a new one.
            target: 'editing',
            description: "Not served: the server's message shows and a new captcha starts.",
            actions: [
              { type: 'assignMessage', params: ({ event }) => ({ message: event.output.message || authFailureMessages.somethingWentWrong }) },
              'assignNextCaptchaRound',
            ],
          },
        ],
        onError: {
          description: 'The zip code could not be looked up (offline, server error): the form says why and a new captcha is asked for.',
          target: 'editing',
          actions: [{ type: 'assignMessage', params: ({ event }) => ({ message: failureMessage(event.error) }) }, 'assignNextCaptchaRound'],
        },
      },
    },
    served: { type: 'final', description: 'The area is kept and the store opens.', entry: 'goToStore' },
  },
});
