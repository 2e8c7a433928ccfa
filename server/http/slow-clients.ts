import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Time limits for one request's arrival, so a client that sends its headers or body a byte at a time cannot hold a
 * connection (Node's own default for a whole request is 300 s, and Fastify turns it off). Generous for a phone on a
 * bad network: the largest body, an 11 MB KYC upload, arrives well within 60 s at 2 Mbit/s.
 */
export const headersTimeoutMs = 10_000;
export const requestTimeoutMs = 60_000;

/**
 * On close, the connections that are not serving a request we have fully received are destroyed: idle keep-alive
 * ones, ones still sending their headers (slow-header clients) and ones still sending their body (slow-body). A
 * request we read whole is left to finish within SHUTDOWN_GRACE_MS. Without this, such clients held a SIGTERM'd
 * server past its grace (issue 26: 3.3-3.4 s against 3 s), since server.close() waits for every connection.
 */
export function closeSlowClientsOnShutdown(app: FastifyInstance): void {
  const server = app.server;
  server.headersTimeout = headersTimeoutMs;
  const sockets = new Set<Socket>();
  const serving = new Map<Socket, IncomingMessage>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      serving.delete(socket);
    });
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    serving.set(socket, request);
    response.once('finish', () => {
      if (serving.get(socket) === request) serving.delete(socket);
      // A request answered while closing leaves no idle keep-alive behind (server.close() would wait for the client
      // to drop it, 4 s for Node's fetch): end the connection once the answer is written.
      if (closing) socket.end();
    });
  });
  app.addHook('preClose', (done) => {
    closing = true;
    for (const socket of sockets) {
      // complete: Node's parser has read the whole message (a bodiless GET as soon as its headers are in).
      if (serving.get(socket)?.complete !== true) socket.destroy();
    }
    done();
  });
}
