import { isStudioApiLink, type ForumPostCard } from '@cinegraph/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthorBadge } from './AuthorBadge';

/** A card of the forum grid: the post's image, or its title when it has none (or it fails to load). */
export function PostCard({ card }: { card: ForumPostCard }) {
  const [imageFailed, setImageFailed] = useState(false);
  // An image address on the studio's API (a post stored before the server refused them) is not loaded.
  const image = card.display_image;
  const showImage = image !== null && !imageFailed && !isStudioApiLink(image, window.location.href);
  return (
    <Link
      to={`/forum/post/${card._id}`}
      data-testid="forum-card"
      className="group flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-neutral-900/70 transition-colors hover:border-amber-400/40 focus-visible:outline-2 focus-visible:outline-amber-400"
    >
      <div className="relative aspect-video bg-neutral-800/60">
        {showImage ? (
          <img
            src={image!}
            alt={card.title}
            loading="lazy"
            onError={() => setImageFailed(true)}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-neutral-800 to-neutral-900 p-6">
            <p className="line-clamp-3 text-center text-lg font-semibold text-neutral-200">{card.title}</p>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-3 p-4">
        {showImage && <h2 className="line-clamp-2 font-semibold text-white">{card.title}</h2>}
        <AuthorBadge
          nickname={card.user_nickname}
          profileImage={card.user_profile_image}
          createdAt={card.created_at}
          size="sm"
        />
      </div>
    </Link>
  );
}
