import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { payOnDeliveryMessages, payOnDeliveryWords } from '../../src/rules/pay-on-delivery.ts';
import type { AppDeps } from '../deps.ts';
import { badRequest } from '../http/errors.ts';
import { confirmByEmail } from '../services/checkout/order-placement.ts';
import { emailConfirmationState } from '../services/checkout/pay-on-delivery.ts';

const confirmPath = '/api/placeorder/confirmemail';

/** Our tokens: 32 random bytes, base64url. Anything else is not a link we sent. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small page of its own: the mailed link may be opened on a phone with no store session and no app loaded. */
function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Meat &amp; Fish Store</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f1f1f}button{font:inherit;padding:.6rem 1.4rem;background:#b3261e;color:#fff;border:0;border-radius:4px;cursor:pointer}a{color:#b3261e}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">Back to the store</a></p>
</main>
</body>
</html>`;
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * A dead or malformed link: a page for a browser (it asks for text/html when the link is opened), the API's 400
 * naming the token for any other client, like every other route.
 */
function invalidLink(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (!(request.headers.accept ?? '').includes('text/html')) throw badRequest([{ field: 'token', message: payOnDeliveryMessages.linkInvalid }]);
  return page(reply, 400, payOnDeliveryMessages.invalidPageTitle, paragraph(payOnDeliveryMessages.linkInvalid));
}

/**
 * The link in the pay-on-delivery confirmation mail. GET shows a button (a mail scanner that follows links confirms
 * nothing); the button POSTs the token back, and the order stands. Plain HTML form posts: the page works without the
 * app's JavaScript.
 */
export function orderConfirmationRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // Only this plugin reads form posts (the rest of the API is JSON).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });

    app.get(confirmPath, async (request, reply) => {
      const token = tokenOf(request.query);
      const state = token === undefined ? { kind: 'invalid' as const } : await emailConfirmationState(deps.db, token, deps.clock());
      if (state.kind === 'invalid' || token === undefined) return invalidLink(request, reply);
      if (state.kind === 'already-confirmed')
        return page(reply, 200, payOnDeliveryMessages.confirmedPageTitle, paragraph(payOnDeliveryMessages.alreadyConfirmed(state.orderNumber)));
      return page(
        reply,
        200,
        payOnDeliveryMessages.confirmPageTitle,
        `${paragraph(`Order ${state.orderNumber}. ${payOnDeliveryWords[state.handOver].confirmed}`)}
<form method="post" action="${confirmPath}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(payOnDeliveryMessages.confirmButton)}</button></form>`,
      );
    });

    app.post(confirmPath, async (request, reply) => {
      const token = tokenOf(request.body);
      if (token === undefined) return invalidLink(request, reply);
      const outcome = await confirmByEmail(deps, token, deps.clock(), request.log);
      if (outcome.kind === 'invalid') return invalidLink(request, reply);
      if (outcome.kind === 'already-confirmed')
        return page(reply, 200, payOnDeliveryMessages.confirmedPageTitle, paragraph(payOnDeliveryMessages.alreadyConfirmed(outcome.orderNumber)));
      if (outcome.kind === 'refused')
        return page(reply, 200, payOnDeliveryMessages.refusedPageTitle, paragraph(payOnDeliveryMessages.refusedAtConfirmation(outcome.message)));
      return page(
        reply,
        200,
        payOnDeliveryMessages.confirmedPageTitle,
        paragraph(payOnDeliveryMessages.confirmed(outcome.orderNumber, outcome.handOver)),
      );
    });
  };
}

/** The token of a query or form body, when it has the shape of ours. */
function tokenOf(source: unknown): string | undefined {
  if (typeof source !== 'object' || source === null || !('token' in source)) return undefined;
  const token = source.token;
  return typeof token === 'string' && tokenPattern.test(token) ? token : undefined;
}
