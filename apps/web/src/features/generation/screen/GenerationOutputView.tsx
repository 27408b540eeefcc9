import type { GenerationOutput } from '@cinegraph/contracts';

/** A finished generation's output: an image, a video or an audio player. */
export function GenerationOutputView({ output }: { output: GenerationOutput }) {
  switch (output.type) {
    case 'image':
      return <img src={output.url} alt="Generated output" className="w-full rounded-lg" />;
    case 'video':
      return (
        <video
          src={output.url}
          poster={output.display_image ?? undefined}
          controls
          loop
          aria-label="Generated output"
          className="w-full rounded-lg"
        />
      );
    case 'audio':
      return <audio src={output.url} controls aria-label="Generated output" className="w-full" />;
  }
}
