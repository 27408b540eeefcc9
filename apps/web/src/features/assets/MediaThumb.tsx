import type { UserAsset } from '@cinegraph/contracts';

const ICONS: Record<UserAsset['file_type'], string> = {
  image: '▣',
  video: '▶',
  audio: '♪',
  workflow: '{ }',
  lora: '◆',
};

/** An asset's picture: its display copy (a small WebP of an image, a video's poster frame), else an icon of its type. */
export function MediaThumb({ asset }: { asset: UserAsset }) {
  if (asset.display_image) {
    return (
      <img
        src={asset.display_image}
        alt=""
        loading="lazy"
        className="aspect-video w-full rounded-md bg-black object-cover"
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className="flex aspect-video w-full items-center justify-center rounded-md bg-neutral-950 text-lg text-neutral-500"
    >
      {ICONS[asset.file_type]}
    </div>
  );
}
