import type { CutMedia, CutShot } from '@cinegraph/contracts';
import { useEffect, useState } from 'react';

/** How far a video or sound may drift from the cut's clock before it is set back in step. */
const DRIFT_SECONDS = 0.3;

export interface CutStageProps {
  shot: CutShot;
  /** Seconds into the shot. */
  offset: number;
  playing: boolean;
  /** The next shot, whose media is loaded ahead. */
  next: CutShot | undefined;
  onStalled(stalled: boolean): void;
}

/** Sets a video or sound element at the clock's place in the shot, playing while the cut plays. */
function keepInStep(element: HTMLMediaElement, offset: number, playing: boolean) {
  const within = !Number.isFinite(element.duration) || offset < element.duration;
  if (within && Math.abs(element.currentTime - offset) > DRIFT_SECONDS) element.currentTime = offset;
  if (playing && within && element.paused) void element.play().catch(() => {});
  if ((!playing || !within) && !element.paused) element.pause();
}

function useInStep(element: HTMLMediaElement | null, offset: number, playing: boolean) {
  useEffect(() => {
    if (element) keepInStep(element, offset, playing);
  }, [element, offset, playing]);
}

function Picture({
  media,
  muted,
  offset,
  playing,
  onStalled,
}: { media: CutMedia; muted: boolean } & Omit<CutStageProps, 'shot' | 'next'>) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  useInStep(video, offset, playing);
  // A shot that ends while its video loads leaves the clock free.
  useEffect(() => () => onStalled(false), [onStalled]);
  if (media.kind === 'image') {
    return <img src={media.url} alt="" className="h-full w-full object-contain" />;
  }
  return (
    <video
      ref={setVideo}
      src={media.url}
      poster={media.display_image ?? undefined}
      playsInline
      preload="auto"
      // A sound take plays instead of the video's own sound (as the rendered cut does).
      muted={muted}
      onWaiting={() => onStalled(true)}
      onPlaying={() => onStalled(false)}
      onCanPlay={() => onStalled(false)}
      onError={() => onStalled(false)}
      className="h-full w-full object-contain"
    />
  );
}

function Sound({ media, offset, playing }: { media: CutMedia; offset: number; playing: boolean }) {
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  useInStep(audio, offset, playing);
  return <audio ref={setAudio} src={media.url} preload="auto" data-testid="cut-sound" />;
}

/** A shot without a take: its numbers, description and dialogue, for its duration. */
function Slate({ shot }: { shot: CutShot }) {
  return (
    <div className="flex max-w-2xl flex-col items-center gap-4 px-6 text-center" data-testid="cut-slate">
      <p className="text-sm tracking-[0.3em] text-amber-300 uppercase">
        Scene {shot.scene_number} · Shot {shot.shot_number}
      </p>
      <p className="text-xl text-white sm:text-3xl">{shot.description || 'No description yet'}</p>
      {shot.dialogue && <p className="text-base text-neutral-300 italic sm:text-lg">“{shot.dialogue}”</p>}
    </div>
  );
}

/** The next shot's picture and sound, loaded while this one plays so the cut does not stall between shots. */
function Preload({ shot }: { shot: CutShot | undefined }) {
  const picture = shot?.picture;
  return (
    <div hidden aria-hidden>
      {picture?.kind === 'image' && <img src={picture.url} alt="" />}
      {picture?.kind === 'video' && <video src={picture.url} preload="auto" muted />}
      {shot?.sound && <audio src={shot.sound.url} preload="auto" />}
    </div>
  );
}

/** The picture of the shot playing: its take, or a slate; its sound under it and its dialogue as a subtitle. */
export function CutStage({ shot, offset, playing, next, onStalled }: CutStageProps) {
  return (
    <div className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden bg-black">
      {shot.picture ? (
        <Picture
          key={shot.picture.url}
          media={shot.picture}
          muted={shot.sound !== null}
          offset={offset}
          playing={playing}
          onStalled={onStalled}
        />
      ) : (
        <Slate shot={shot} />
      )}
      {shot.sound && <Sound key={shot.sound.url} media={shot.sound} offset={offset} playing={playing} />}
      {shot.picture && shot.dialogue && (
        <p
          data-testid="cut-subtitle"
          className="absolute inset-x-4 bottom-4 mx-auto w-fit max-w-3xl rounded bg-black/70 px-3 py-1 text-center text-base text-white sm:text-xl"
        >
          {shot.dialogue}
        </p>
      )}
      <Preload shot={next} />
    </div>
  );
}
