import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import * as css from './app-layout.css.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { useScrollToTop } from './use-scroll-to-top.ts';

// Toasts and the snackbar come right after the first render: what they show waits in the notifications actor.
const Notifications = lazy(async () => ({ default: (await import('./notifications.tsx')).Notifications }));

export function AppLayout() {
  useScrollToTop();
  return (
    <>
      <Header />
      <main className={css.main}>
        <Outlet />
      </main>
      <Footer />
      <Suspense fallback={null}>
        <Notifications />
      </Suspense>
    </>
  );
}
