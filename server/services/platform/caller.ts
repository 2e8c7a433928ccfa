/**
 * Who is asking: the session behind a request's bearer token. Every area takes it, so it lives here in platform (the
 * area every other may import) rather than in accounts, where sessions are found (accounts/sessions.ts), or in
 * server/http, which services may not import.
 */
export interface Caller {
  customerId: number;
  sessionId: number;
  isGuest: boolean;
  /** Migration 025: a shopper, or a seller or staff user (the consoles' routes check it). */
  role: 'shopper' | 'seller' | 'staff';
  /** The account's email as it is now, read with the session: place order records it without another statement. */
  email: string;
}
