import type { FastifyInstance } from 'fastify';

/** One method and path the app serves (HEAD, which Fastify adds to every GET, left out). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const routeLists = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route registered after this call, so the contract fuzz suite, the IDOR matrix and the security scan
 * cover a new route without being told about it.
 */
export function trackRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  routeLists.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') list.push({ method, url: route.url });
    }
  });
}

/** The routes an app built with trackRoutes serves, in registration order. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return routeLists.get(app) ?? [];
}
