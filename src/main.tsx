import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { onRestaurantRefused, onTokenRefused, takeTokenFrom } from './api/http.ts';
import { selectToken, startAppActors } from './machines/app/index.ts';
import './styles/global.css.ts';
import { AppActorsContext } from './views/app-context.tsx';
import { AppRoutes, loadScreensFor } from './views/app-routes.tsx';

// The modules above are evaluated in one task; the app starts in the next, so a slow phone's main thread is never
// held for both at once (Lighthouse's Total Blocking Time counts each task's time beyond 50 ms).
await new Promise((resolve) => setTimeout(resolve, 0));

// Only the build the browser journeys run (VITE_RECORD_FLOWS=1) records the actors' transitions, from their start;
// any other build drops this import (docs/decisions/043).
const recordFlow = import.meta.env.VITE_RECORD_FLOWS === '1' ? (await import('./dev/flow-record.ts')).recordFlow : undefined;
// The composition root: the app's actors start once, then the views render them.
const actors = startAppActors(() => window.localStorage, recordFlow);
// `call` sends the session's token as the bearer token: the one place the client's http layer meets the session.
takeTokenFrom(() => selectToken(actors.session.getSnapshot()));
// Development only (vite build drops it): the /flows page's live states and ?inspect (docs/decisions/019).
if (import.meta.env.DEV) void import('./dev/dev-tools.ts').then((dev) => dev.startDevTools(actors));
// The area copied into a cookie, so the server can draw a listing's first cards (decision 066), and a chosen restaurant
// the server refuses (no longer serving the area or mode) forgotten, so the store asks without it: out of the first load.
// Walk 5 #4 (in the same chunk): a 401 on this tab's token, or a logout in another tab, ends the session here.
void import('./machines/area-cookie/index.ts').then((area) => area.keepInStep(actors, onRestaurantRefused, onTokenRefused));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * /store and the static pages arrive prerendered, their markup in an `inert` #root (vite.config.ts
 * `prerenderShells`): once the app has rendered over it, the page takes clicks again.
 */
function TakeOverPrerenderedPage({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => container.removeAttribute('inert'), [container]);
  return null;
}

// As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
// for the whole tree (a slow phone can scroll and paint meanwhile: Lighthouse's Total Blocking Time).
const app = createRoot(root);
// The screen the path shows, loaded first: the server's markup stays until the app can draw the page itself.
await loadScreensFor(window.location.pathname);
startTransition(() =>
  app.render(
    <StrictMode>
      <AppActorsContext.Provider value={actors}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppActorsContext.Provider>
      <TakeOverPrerenderedPage container={root} />
    </StrictMode>,
  ),
);
