import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { validate } from 'superstruct';
import { createActor } from 'xstate';
import { useTokenFrom } from './api/http.ts';
import { notificationsMachine } from './machines/notifications.machine.ts';
import { sessionStorageKey, sessionValues, type SessionValues } from './machines/session-values.ts';
import { sessionMachine } from './machines/session.machine.ts';
import './styles/global.css.ts';
import { AppActorsContext } from './views/app-context.tsx';
import { AppRoutes } from './views/app-routes.tsx';

// The composition root: the only place that touches browser storage for the session.
function loadSession(): SessionValues {
  try {
    const raw = window.localStorage.getItem(sessionStorageKey);
    if (!raw) return {};
    const [invalid, values] = validate(JSON.parse(raw) as unknown, sessionValues);
    return invalid ? {} : values;
  } catch {
    return {};
  }
}

const session = createActor(sessionMachine, { input: loadSession() });
session.subscribe((snapshot) => {
  try {
    window.localStorage.setItem(sessionStorageKey, JSON.stringify(snapshot.context));
  } catch {
    // Private mode or a full storage: the session still works for this tab.
  }
});
session.start();
useTokenFrom(() => session.getSnapshot().context.Token);

const notifications = createActor(notificationsMachine).start();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppActorsContext.Provider value={{ session, notifications }}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppActorsContext.Provider>
  </StrictMode>,
);
