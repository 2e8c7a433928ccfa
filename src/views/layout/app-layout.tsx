import { Outlet } from 'react-router-dom';
import * as css from './app-layout.css.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { Notifications } from './notifications.tsx';

export function AppLayout() {
  return (
    <>
      <Header />
      <main className={css.main}>
        <Outlet />
      </main>
      <Footer />
      <Notifications />
    </>
  );
}
