import { BrandMark } from './layout/BrandMark';

/** Shown while the first screen's code arrives: a dark stage with the mark fading in if it takes long. */
export function AppLoading() {
  return (
    <div className="flex min-h-svh items-center justify-center bg-neutral-950" role="status">
      <span className="animate-fade-in opacity-0 [animation-delay:400ms]">
        <BrandMark className="size-10 animate-pulse" />
      </span>
      <span className="sr-only">Loading Cinegraph</span>
    </div>
  );
}
