import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBanners } from '../../api/home.swr.ts';
import { splashMachine } from '../../machines/entry/index.ts';
import { Carousel } from '../controls/carousel.tsx';
import * as frame from '../layout/page-frame.css.ts';
import * as css from './pages.css.ts';

/** /splash: the banner slider, then the store (/category/ALL) by itself or at 'Start Shopping'. */
export function SplashPage() {
  const navigate = useNavigate();
  const machine = useMemo(() => splashMachine.provide({ actions: { goToStore: () => navigate('/category/ALL', { replace: true }) } }), [navigate]);
  const splash = useActorRef(machine);
  const { data } = useBanners();
  const banners = data?.code === 1 ? (data.data ?? []) : [];
  return (
    <div className={frame.landing}>
      <section className={css.splash} aria-labelledby="splash-title">
        <h1 id="splash-title" className={css.splashTitle}>
          MEAT &amp; FISH
        </h1>
        {banners.length > 0 && (
          <Carousel label="Offers" perView="single">
            {banners.map((banner) => (
              <img key={banner.imageurl} className={css.splashBanner} src={banner.imageurl} alt={banner.alt} width={1600} height={500} />
            ))}
          </Carousel>
        )}
        <button type="button" className={css.splashButton} onClick={() => splash.send({ type: 'splash.skip' })}>
          Start Shopping
        </button>
      </section>
    </div>
  );
}
