import type { RefObject } from 'react';
import { CallToActionSection } from './CallToActionSection';
import { HowItWorksSection } from './HowItWorksSection';
import { NodeEditorSection } from './NodeEditorSection';
import { PrinciplesSection } from './PrinciplesSection';
import { ReimagineSection } from './ReimagineSection';

export { LandingFooter } from './LandingFooter';

interface BelowTheFoldProps {
  trailerRef: RefObject<HTMLVideoElement | null>;
  signedIn: boolean;
  onGetStarted(): void;
  onOpenMovies(): void;
}

/** The landing page's sections under the opening, in their own chunk: they load after the first paint. */
export function BelowTheFold({ trailerRef, signedIn, onGetStarted, onOpenMovies }: BelowTheFoldProps) {
  return (
    <>
      <ReimagineSection trailerRef={trailerRef} />
      <PrinciplesSection />
      <NodeEditorSection />
      <HowItWorksSection />
      <CallToActionSection signedIn={signedIn} onGetStarted={onGetStarted} onOpenMovies={onOpenMovies} />
    </>
  );
}
