import { validate, type Struct } from 'superstruct';
import { somethingWentWrongMessage } from '../rules/fallback-message.ts';
import { badRequestBody, failureBody, type FieldError } from './contract/envelope.ts';

/** A failed call as the spec's error catalogue describes it: a message to show and a code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const offlineMessage = 'You are not connected to internet';
const storeId = 1;

let tokenSource: () => string | undefined = () => undefined;

/** The session actor tells the client where the bearer token lives (set once at start-up). */
export function takeTokenFrom(source: () => string | undefined): void {
  tokenSource = source;
}

/** The restaurant a refused call sent before the listener was set (it is loaded after the first render). */
let refusedEarly: number | undefined;
let refusedRestaurant = (restaurantLocId: number): void => void (refusedEarly = restaurantLocId);

/**
 * Told when the server refuses the restaurant a call sent (a 400 naming vendor_location_id: it does not serve the
 * shopper's area or mode any more), with the id the call sent, also of a refusal before it was set: the session drops
 * that choice (set once at start-up), so the store stops asking with it.
 */
export function onRestaurantRefused(listener: (restaurantLocId: number) => void): void {
  refusedRestaurant = listener;
  if (refusedEarly !== undefined) listener(refusedEarly);
}

let tokenRefused = (_error: ApiError, _token: string): void => undefined;

/**
 * Told, with the error and the token the call sent, when a call sent with the bearer token is answered 401:
 * session-end.ts ends the session at 'Please sign in again.' (the token no longer known: a logout elsewhere, an
 * expiry; walk 5 #4), if that token is still the session's (seam b6 #2: not a call sent before another sign-in).
 */
export function onTokenRefused(listener: (error: ApiError, token: string) => void): void {
  tokenRefused = listener;
}

/**
 * A request body as the client sends it: `call` adds store_id itself, and the bearer token in the Authorization header
 * stands for the spec's api_token (never sent in a body or a query).
 */
export type Sent<T> = Omit<T, 'store_id' | 'api_token'>;

export interface CallOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
  signal?: AbortSignal;
}

/**
 * The one way the client talks to the server: adds the bearer token and store_id=1, checks the reply with its
 * contract struct, and turns every failure into an ApiError with the spec's message.
 */
export async function call<T, S>(path: string, reply: Struct<T, S>, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? (options.body ? 'POST' : 'GET');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...options.query, store_id: storeId })) {
    if (value !== undefined) params.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokenSource();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (method === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ ...options.body, store_id: storeId });
  }

  let response: Response;
  try {
    response = await fetch(`${path}?${params.toString()}`, { method, headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(offlineMessage, 500, 0);
  }

  const payload = await readPayload(response);
  if (!response.ok) {
    const error = failure(response.status, payload);
    const sent = options.query?.vendor_location_id ?? options.body?.vendor_location_id;
    if (typeof sent === 'number' && error.errors.some((e) => e.field === 'vendor_location_id')) refusedRestaurant(sent);
    if (response.status === 401 && token) tokenRefused(error, token);
    throw error;
  }

  const [invalid, value] = validate(payload, reply, { coerce: false });
  if (invalid) {
    throw new ApiError('The server sent an answer this page does not understand. Please reload.', 500, response.status);
  }
  return value;
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function failure(status: number, payload: unknown): ApiError {
  if (typeof payload === 'string' && payload.trim() !== '') return new ApiError(payload, status, status);
  const [notBadRequest, badRequest] = validate(payload, badRequestBody);
  if (!notBadRequest) return new ApiError(badRequest.message, 0, status, badRequest.errors);
  const [unknownShape, body] = validate(payload, failureBody);
  if (!unknownShape) {
    const message = body.detail ?? body.message;
    if (message) return new ApiError(message, body.code ?? status, status);
  }
  return new ApiError(somethingWentWrongMessage, status, status);
}
