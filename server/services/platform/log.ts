/**
 * The little of a logger the services use, so they log through the app's logger (pino, in Fastify) without knowing
 * HTTP or Fastify: an object of fields and a message.
 */
export interface Log {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
