import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { findSession } from '../services/accounts/sessions.ts';
import type { Caller } from '../services/platform/caller.ts';
import { unauthorized } from './errors.ts';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  // The old client sends "Bearer " with an empty token for guests: that is no token, not a bad one.
  return match?.[1];
}

/** The caller when a token is sent; a token that is sent but unknown, revoked or expired is a 401. */
export async function optionalCaller(request: FastifyRequest, db: Kysely<Database>): Promise<Caller | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  const caller = await findSession(db, token);
  if (!caller) throw unauthorized();
  return caller;
}

export async function requireCaller(request: FastifyRequest, db: Kysely<Database>): Promise<Caller> {
  const caller = await optionalCaller(request, db);
  if (!caller) throw unauthorized();
  return caller;
}
