import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the handful of Stripe API endpoints the Stripe adapter uses, answering with the shapes Stripe
 * documents (https://docs.stripe.com/api): customers, payment methods (attach, detach, list), payment intents (create,
 * confirm, cancel) and refunds. Idempotency-Key is honoured as Stripe does: the same key and parameters replay the
 * first answer; the same key with other parameters is an idempotency_error. Every request is recorded for assertions.
 *
 * Payment methods are Stripe's test ids: pm_card_visa and pm_card_mastercard succeed; pm_card_chargeDeclined is
 * refused when attached and when charged; pm_card_chargeDeclinedInsufficientFunds and pm_card_chargeCustomerFail
 * attach and then fail when charged; pm_card_authenticationRequired needs 3-D Secure.
 *
 * US bank accounts (ACH): POST /v1/payment_methods with type us_bank_account makes one (routing 110000000 only, as
 * Stripe's test mode takes); a PaymentIntent created with confirm=true and mandate_data on it is 'processing' until
 * the test settles the debit (settleDebit: succeeded, or requires_payment_method with the bank's reason).
 *
 * Identity (the Stripe Identity adapter): VerificationSessions created, listed by client_reference_id and retrieved,
 * with verified_outputs, the date of birth, the last report and its document number only when expanded by name, as
 * Stripe sends them. A session waits in requires_input until the test plays the shopper's part at Stripe
 * (finishIdentity); identityOutage makes every Identity call answer 500, as an outage does.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
}

interface CardInfo {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

type Decline = { code: string; decline_code: string; message: string } | undefined;

const testMethods: Record<string, { card: CardInfo; onAttach?: Decline; onCharge?: Decline; needsAction?: boolean }> = {
  pm_card_visa: { card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } },
  pm_card_mastercard: { card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2034 } },
  pm_card_chargeDeclined: {
    card: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2034 },
    onAttach: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    onCharge: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    card: { brand: 'visa', last4: '9995', exp_month: 12, exp_year: 2034 },
    onCharge: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  pm_card_chargeCustomerFail: {
    card: { brand: 'visa', last4: '0341', exp_month: 12, exp_year: 2034 },
    onCharge: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_authenticationRequired: { card: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2034 }, needsAction: true },
};

interface StoredMethod {
  id: string;
  base: string;
  customer: string | null;
  /** A us_bank_account method's bank and last four. */
  bank?: { bank_name: string; last4: string; routing_number: string };
}

interface StoredIntent {
  id: string;
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string;
  description: string | null;
  metadata: Record<string, string>;
  status: string;
  last_payment_error: Record<string, unknown> | null;
}

/** The shopper's part at Stripe, and Stripe's verdict on it. */
export type IdentityOutcome =
  /** selfieChecked false: a session verified without a passed selfie check (one made elsewhere, without the selfie asked). */
  | { kind: 'verified'; dob: { day: number; month: number; year: number }; documentNumber: string; selfieChecked?: boolean }
  | { kind: 'failed'; code: string; reason: string }
  | { kind: 'processing' }
  | { kind: 'canceled' };

export interface StoredSession {
  id: string;
  created: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  form: Record<string, string>;
  status: 'requires_input' | 'processing' | 'verified' | 'canceled';
  last_error: { code: string; reason: string } | null;
  report: { id: string; documentNumber: string; selfie: 'verified' | 'unverified' } | null;
  dob: { day: number; month: number; year: number } | null;
}

interface Reply {
  status: number;
  body: unknown;
}

export interface StripeStandIn {
  port: number;
  secretKey: string;
  requests: RecordedRequest[];
  intents: Map<string, StoredIntent>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** The bank's answer to an ACH debit on its way: cleared (succeeded) or returned (requires_payment_method). */
  settleDebit(intentId: string, cleared: boolean): void;
  /**
   * Debits on their way that a cancel stops (Stripe's rare case); any other 'processing' debit answers a cancel 400
   * payment_intent_unexpected_state, as Stripe does.
   */
  stoppableDebits: Set<string>;
  /** What stripe.js handleNextAction does at the bank: the check passes (succeeded) or fails. */
  authenticate(intentId: string, complete: boolean): void;
  identitySessions: Map<string, StoredSession>;
  /** What the shopper's visit to Stripe's page ends in, for the session of one application (client_reference_id). */
  finishIdentity(reference: string, outcome: IdentityOutcome): void;
  /** While true, every Identity call answers 500 (Stripe's api_error). */
  identityOutage: boolean;
  close(): Promise<void>;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

function cardError(decline: NonNullable<Decline>, extra: Record<string, unknown> = {}): Reply {
  return {
    status: 402,
    body: { error: { type: 'card_error', code: decline.code, decline_code: decline.decline_code, message: decline.message, ...extra } },
  };
}

function invalid(message: string, status = 400, type = 'invalid_request_error'): Reply {
  return { status, body: { error: { type, message } } };
}

/** Nested form keys (metadata[order_id], expand[0]) are kept flat: tests read them by their full names. */
function metadataOf(form: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}

export async function startStripeStandIn(secretKey = 'sk_test_standin123'): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, { id: string; email: string | null; name: string | null; metadata: Record<string, string> }>();
  const methods = new Map<string, StoredMethod>();
  const intents = new Map<string, StoredIntent>();
  const refunds: StripeStandIn['refunds'] = [];
  const stoppableDebits = new Set<string>();
  const idempotent = new Map<string, { fingerprint: string; reply: Reply }>();
  const sessions = new Map<string, StoredSession>();
  const standIn = { identityOutage: false };

  function methodObject(method: StoredMethod) {
    if (method.bank) {
      return {
        id: method.id,
        object: 'payment_method',
        type: 'us_bank_account',
        customer: method.customer,
        us_bank_account: method.bank,
        metadata: {},
      };
    }
    const info = testMethods[method.base];
    return { id: method.id, object: 'payment_method', type: 'card', customer: method.customer, card: info?.card ?? null, metadata: {} };
  }

  /** A payment method id: a stored one, or one of Stripe's test ids (each use of which makes a new pm_...). */
  function resolveMethod(given: string): StoredMethod | undefined {
    const stored = methods.get(given);
    if (stored) return stored;
    if (!testMethods[given]) return undefined;
    const made = { id: id('pm'), base: given, customer: null };
    methods.set(made.id, made);
    return made;
  }

  function intentObject(intent: StoredIntent, expandMethod: boolean) {
    const method = methods.get(intent.payment_method);
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      metadata: intent.metadata,
      status: intent.status,
      payment_method: expandMethod && method ? methodObject(method) : intent.payment_method,
      last_payment_error: intent.last_payment_error,
      latest_charge: intent.status === 'succeeded' ? `ch_${intent.id.slice(3)}` : null,
      client_secret: `${intent.id}_secret_standin`,
      next_action: intent.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
    };
  }

  function sessionObject(session: StoredSession, expand: string[]) {
    const report = session.report && {
      id: session.report.id,
      object: 'identity.verification_report',
      type: 'document',
      verification_session: session.id,
      document: {
        status: 'verified',
        error: null,
        type: 'driving_license',
        issuing_country: 'US',
        first_name: 'Jane',
        last_name: 'Sample',
        ...(expand.includes('last_verification_report.document.number') ? { number: session.report.documentNumber } : {}),
      },
      selfie: {
        status: session.report.selfie,
        error: session.report.selfie === 'verified' ? null : { code: 'selfie_face_mismatch', reason: 'The faces do not match.' },
      },
    };
    const verified = session.status === 'verified' && session.dob;
    return {
      id: session.id,
      object: 'identity.verification_session',
      type: 'document',
      created: session.created,
      client_reference_id: session.client_reference_id,
      client_secret: session.status === 'requires_input' ? `${session.id}_secret_standin` : null,
      url: session.status === 'requires_input' ? `https://verify.stripe.com/start/test_${session.id.slice(3)}` : null,
      livemode: false,
      metadata: session.metadata,
      status: session.status,
      last_error: session.last_error,
      last_verification_report: expand.includes('last_verification_report') ? report : (report?.id ?? null),
      ...(expand.includes('verified_outputs')
        ? {
            verified_outputs: verified
              ? { first_name: 'Jane', last_name: 'Sample', ...(expand.includes('verified_outputs.dob') ? { dob: session.dob } : {}) }
              : null,
          }
        : {}),
    };
  }

  function handleIdentity(method: string, path: string, form: Record<string, string>, query: URLSearchParams): Reply | undefined {
    if (!path.startsWith('/v1/identity/')) return undefined;
    if (standIn.identityOutage) return invalid('An unknown error occurred', 500, 'api_error');
    const expand = [...query.entries(), ...Object.entries(form)].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
    if (method === 'POST' && path === '/v1/identity/verification_sessions') {
      if (form.type !== 'document') return invalid('Invalid type: must be one of document, id_number or verification_flow');
      const session: StoredSession = {
        id: id('vs'),
        created: Math.floor(Date.now() / 1000) + sessions.size, // newest first, even within one second
        client_reference_id: form.client_reference_id ?? null,
        metadata: metadataOf(form),
        form,
        status: 'requires_input',
        last_error: null,
        report: null,
        dob: null,
      };
      sessions.set(session.id, session);
      return { status: 200, body: sessionObject(session, expand) };
    }
    if (method === 'GET' && path === '/v1/identity/verification_sessions') {
      const reference = query.get('client_reference_id');
      const limit = Number(query.get('limit') ?? '10');
      const data = [...sessions.values()]
        .filter((session) => reference === null || session.client_reference_id === reference)
        .sort((a, b) => b.created - a.created)
        .slice(0, limit)
        .map((session) => sessionObject(session, expand));
      return { status: 200, body: { object: 'list', url: '/v1/identity/verification_sessions', has_more: false, data } };
    }
    const match = /^\/v1\/identity\/verification_sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && match?.[1]) {
      const session = sessions.get(match[1]);
      if (!session) return invalid(`No such verification session: '${match[1]}'`, 404);
      return { status: 200, body: sessionObject(session, expand) };
    }
    return invalid(`Unrecognized request URL (${method}: ${path}).`, 404);
  }

  function handle(method: string, path: string, form: Record<string, string>, query: URLSearchParams): Reply {
    const identity = handleIdentity(method, path, form, query);
    if (identity) return identity;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), email: form.email ?? null, name: form.name ?? null, metadata: metadataOf(form) };
      customers.set(customer.id, customer);
      return { status: 200, body: { object: 'customer', ...customer } };
    }
    if (method === 'POST' && path === '/v1/payment_methods') {
      if (form.type !== 'us_bank_account') return invalid('Only us_bank_account payment methods are made here.');
      const routing = form['us_bank_account[routing_number]'] ?? '';
      const account = form['us_bank_account[account_number]'] ?? '';
      if (routing !== '110000000') return invalid('Routing number must be 110000000 in test mode.');
      if (!form['billing_details[name]']) return invalid('Missing required param: billing_details[name].');
      const made: StoredMethod = {
        id: id('pm'),
        base: 'us_bank_account',
        customer: null,
        bank: { bank_name: 'STRIPE TEST BANK', last4: account.slice(-4), routing_number: routing },
      };
      methods.set(made.id, made);
      return { status: 200, body: methodObject(made) };
    }
    let match = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (method === 'POST' && match?.[1]) {
      const customer = form.customer;
      if (!customer || !customers.has(customer)) return invalid(`No such customer: '${customer ?? ''}'`, 404);
      const found = resolveMethod(match[1]);
      if (!found) return invalid(`No such PaymentMethod: '${match[1]}'`, 404);
      const decline = testMethods[found.base]?.onAttach;
      if (decline) return cardError(decline);
      found.customer = customer;
      return { status: 200, body: methodObject(found) };
    }
    match = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (method === 'POST' && match?.[1]) {
      const found = methods.get(match[1]);
      if (!found || found.customer === null)
        return invalid(`The payment method you provided is not attached to a customer so detachment is impossible.`);
      found.customer = null;
      return { status: 200, body: methodObject(found) };
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      const customer = query.get('customer');
      const data = [...methods.values()].filter((m) => m.customer !== null && m.customer === customer).map(methodObject);
      return { status: 200, body: { object: 'list', url: '/v1/payment_methods', has_more: false, data } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50) return invalid('Amount must be at least $0.50 usd');
      const pm = form.payment_method ? resolveMethod(form.payment_method) : undefined;
      if (!pm) return invalid(`No such PaymentMethod: '${form.payment_method ?? ''}'`, 404);
      const customer = form.customer ?? null;
      if (pm.customer !== null && pm.customer !== customer) {
        return invalid('The provided PaymentMethod belongs to another customer.');
      }
      const intent: StoredIntent = {
        id: id('pi'),
        amount,
        currency: form.currency ?? 'usd',
        customer,
        payment_method: pm.id,
        description: form.description ?? null,
        metadata: metadataOf(form),
        status: 'requires_confirmation',
        last_payment_error: null,
      };
      intents.set(intent.id, intent);
      if (pm.bank) {
        // An ACH debit is confirmed at once with the shopper's mandate, and then clears over days.
        if (
          form.confirm !== 'true' ||
          form['mandate_data[customer_acceptance][type]'] !== 'online' ||
          !form['mandate_data[customer_acceptance][online][ip_address]']
        )
          return invalid('A us_bank_account PaymentIntent needs confirm=true and an online mandate.');
        intent.status = 'processing';
        const expand = Object.entries(form).some(([key, value]) => key.startsWith('expand[') && value === 'payment_method');
        return { status: 200, body: intentObject(intent, expand) };
      }
      return { status: 200, body: intentObject(intent, false) };
    }
    match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && match?.[1]) {
      const intent = intents.get(match[1]);
      if (!intent) return invalid(`No such payment_intent: '${match[1]}'`, 404);
      if (intent.status !== 'requires_confirmation' && intent.status !== 'requires_payment_method') {
        return invalid(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`);
      }
      const base = methods.get(intent.payment_method)?.base ?? '';
      const info = testMethods[base];
      const expand = Object.entries(form).some(([key, value]) => key.startsWith('expand[') && value === 'payment_method');
      if (info?.onCharge) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', ...info.onCharge };
        return cardError(info.onCharge, { payment_intent: intentObject(intent, false) });
      }
      intent.status = info?.needsAction ? 'requires_action' : 'succeeded';
      return { status: 200, body: intentObject(intent, expand) };
    }
    match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && match?.[1]) {
      const intent = intents.get(match[1]);
      if (!intent) return invalid(`No such payment_intent: '${match[1]}'`, 404);
      return {
        status: 200,
        body: intentObject(intent, query.getAll('expand[]').includes('payment_method') || query.get('expand[0]') === 'payment_method'),
      };
    }
    match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && match?.[1]) {
      const intent = intents.get(match[1]);
      if (!intent) return invalid(`No such payment_intent: '${match[1]}'`, 404);
      if (intent.status === 'processing' && !stoppableDebits.has(intent.id)) {
        const message = 'You cannot cancel this PaymentIntent because it has a status of processing.';
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message } } };
      }
      intent.status = 'canceled';
      return { status: 200, body: intentObject(intent, false) };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) return invalid(`No such payment_intent: '${form.payment_intent ?? ''}'`, 404);
      if (intent.status !== 'succeeded') return invalid('This PaymentIntent does not have a successful charge to refund.');
      if (refunds.some((r) => r.payment_intent === intent.id)) {
        return invalid(`Charge ch_${intent.id.slice(3)} has already been refunded.`, 400);
      }
      const refund = { id: id('re'), payment_intent: intent.id, amount: intent.amount };
      refunds.push(refund);
      return { status: 200, body: { object: 'refund', status: 'succeeded', ...refund } };
    }
    return invalid(`Unrecognized request URL (${method}: ${path}).`, 404);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://standin');
      const text = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(text));
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname, query: url.searchParams, headers: request.headers, form });

      let reply: Reply;
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        reply = invalid('Invalid API Key provided.', 401, 'invalid_request_error');
      } else {
        const key = request.headers['idempotency-key'];
        const fingerprint = `${method} ${url.pathname} ${text}`;
        const previous = typeof key === 'string' && method === 'POST' ? idempotent.get(key) : undefined;
        if (previous && previous.fingerprint !== fingerprint) {
          reply = invalid(
            'Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than the one used in the original request.',
            400,
            'idempotency_error',
          );
        } else if (previous) {
          reply = previous.reply;
          response.setHeader('idempotent-replayed', 'true');
        } else {
          reply = handle(method, url.pathname, form, url.searchParams);
          if (typeof key === 'string' && method === 'POST') idempotent.set(key, { fingerprint, reply });
        }
      }
      response.statusCode = reply.status;
      response.setHeader('content-type', 'application/json');
      response.setHeader('request-id', id('req'));
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? (address satisfies AddressInfo).port : 0;
  return {
    port,
    secretKey,
    requests,
    intents,
    refunds,
    identitySessions: sessions,
    get identityOutage() {
      return standIn.identityOutage;
    },
    set identityOutage(on: boolean) {
      standIn.identityOutage = on;
    },
    finishIdentity(reference, outcome) {
      const session = [...sessions.values()].find((s) => s.client_reference_id === reference);
      if (!session) throw new Error(`no verification session for ${reference}`);
      if (outcome.kind === 'verified') {
        session.report = {
          id: id('vr'),
          documentNumber: outcome.documentNumber,
          selfie: outcome.selfieChecked === false ? 'unverified' : 'verified',
        };
        session.status = 'verified';
        session.last_error = null;
        session.dob = outcome.dob;
      } else if (outcome.kind === 'failed') {
        session.status = 'requires_input';
        session.last_error = { code: outcome.code, reason: outcome.reason };
      } else {
        session.status = outcome.kind;
      }
    },
    stoppableDebits,
    settleDebit(intentId, cleared) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'processing') throw new Error(`no debit on its way: ${intentId}`);
      intent.status = cleared ? 'succeeded' : 'requires_payment_method';
      intent.last_payment_error = cleared
        ? null
        : { type: 'invalid_request_error', code: 'payment_method_not_available', message: "The customer's bank account could not be located." };
    },
    authenticate(intentId, complete) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'requires_action') throw new Error(`no intent waiting for authentication: ${intentId}`);
      intent.status = complete ? 'succeeded' : 'requires_payment_method';
      intent.last_payment_error = complete
        ? null
        : {
            type: 'invalid_request_error',
            code: 'payment_intent_authentication_failure',
            message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
