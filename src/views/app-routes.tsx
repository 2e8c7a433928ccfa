import { Route, Routes } from 'react-router-dom';
import { AgeGated } from './layout/age-gated.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { Landing } from './pages/landing.tsx';
import { NotFound } from './pages/not-found.tsx';
import { ServedZips } from './pages/served-zips.tsx';
import { StoreHome } from './store/store-home.tsx';

/** Only routes whose screens exist are registered; every other path is the 404 screen. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Landing />} />
      <Route element={<AppLayout />}>
        <Route element={<AgeGated />}>
          <Route path="/store" element={<StoreHome />} />
        </Route>
        <Route path="/currentZipCodes/:city/:state" element={<ServedZips />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
