import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SignInBanner } from '../auth/SignInBanner';
import { useSignIn } from '../auth/SignInProvider';
import { useMagicLinkVerification } from '../auth/useMagicLinkVerification';
import { useStoredUser } from '../../lib/session';
import { withWholeStylesheet } from '../../app/wholeStylesheet';
import { HeroSection } from './HeroSection';
import { useAfterFirstPaint } from './useAfterFirstPaint';
import { prefersReducedMotion } from './usePrefersReducedMotion';

// Asked for only once the opening is painted (both from one chunk), with the whole stylesheet: the page's
// first paint had only its opening's rules.
const BelowTheFold = lazy(
  withWholeStylesheet(() => import('./BelowTheFold').then((m) => ({ default: m.BelowTheFold }))),
);
const LandingFooter = lazy(
  withWholeStylesheet(() => import('./BelowTheFold').then((m) => ({ default: m.LandingFooter }))),
);

/** The home page (/): the product, the beta invitation, and the arrival point of magic links. */
export function LandingPage() {
  const { userId } = useStoredUser();
  const { openPanel } = useSignIn();
  const navigate = useNavigate();
  const { banner, dismiss, switchAccount } = useMagicLinkVerification();
  const trailer = useRef<HTMLVideoElement>(null);
  // The opening fills the screen: the sections under it (their code too) come after the first paint.
  const belowTheFold = useAfterFirstPaint();

  // The spec: the landing page starts at the top, whatever the browser remembered.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);

  function getStarted() {
    openPanel();
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  }

  // 'Watch the trailer' brings the trailer into view and starts it; its controls stay if the browser refuses.
  function watchTrailer() {
    const video = trailer.current;
    if (!video) return;
    video.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth', block: 'center' });
    void video.play().catch(() => {});
  }

  return (
    // The grain over the page is drawn after the first paint too: it is the costliest layer to raster.
    <div className={belowTheFold ? 'film-grain' : undefined}>
      {banner && <SignInBanner banner={banner} onDismiss={dismiss} onSwitchAccount={switchAccount} />}
      <main id="main">
        <HeroSection onWatchTrailer={watchTrailer} />
        {belowTheFold && (
          <Suspense>
            <BelowTheFold
              trailerRef={trailer}
              signedIn={Boolean(userId)}
              onGetStarted={getStarted}
              onOpenMovies={() => navigate('/movies')}
            />
          </Suspense>
        )}
      </main>
      {belowTheFold && (
        <Suspense>
          <LandingFooter />
        </Suspense>
      )}
    </div>
  );
}
