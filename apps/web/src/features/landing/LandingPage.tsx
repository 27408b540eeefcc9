import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SignInBanner } from '../auth/SignInBanner';
import { useSignIn } from '../auth/SignInProvider';
import { useMagicLinkVerification } from '../auth/useMagicLinkVerification';
import { useStoredUser } from '../../lib/session';
import { CallToActionSection } from './CallToActionSection';
import { HeroSection } from './HeroSection';
import { HowItWorksSection } from './HowItWorksSection';
import { LandingFooter } from './LandingFooter';
import { NodeEditorSection } from './NodeEditorSection';
import { PrinciplesSection } from './PrinciplesSection';
import { ReimagineSection } from './ReimagineSection';
import { prefersReducedMotion } from './usePrefersReducedMotion';

/** The home page (/): the product, the beta invitation, and the arrival point of magic links. */
export function LandingPage() {
  const { userId } = useStoredUser();
  const { openPanel } = useSignIn();
  const navigate = useNavigate();
  const { banner, dismiss, switchAccount } = useMagicLinkVerification();
  const trailer = useRef<HTMLVideoElement>(null);

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
    <div className="film-grain">
      {banner && <SignInBanner banner={banner} onDismiss={dismiss} onSwitchAccount={switchAccount} />}
      <main id="main">
        <HeroSection onWatchTrailer={watchTrailer} />
        <ReimagineSection trailerRef={trailer} />
        <PrinciplesSection />
        <NodeEditorSection />
        <HowItWorksSection />
        <CallToActionSection
          signedIn={Boolean(userId)}
          onGetStarted={getStarted}
          onOpenMovies={() => navigate('/movies')}
        />
      </main>
      <LandingFooter />
    </div>
  );
}
