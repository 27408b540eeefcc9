import { FORUM_MESSAGES } from '@cinegraph/contracts';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import { PlusIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { PageShell } from '../../ui/PageShell';
import { useForumCards } from './forumApi';
import { PostCard } from './PostCard';

/** /forum: the community's posts as a grid of cards (1, 2 or 3 columns), newest first. */
export function ForumPage() {
  const { cards, error, loading, loadingMore, hasMore, loadMore } = useForumCards();
  return (
    <PageShell>
      <header className="mb-10 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-[0.2em] text-amber-400/80 uppercase">Community</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">Forum</h1>
          <p className="mt-2 text-sm text-neutral-400">
            Share takes, LoRAs and workflows, and see what others make.
          </p>
        </div>
        <Link
          to="/forum/create-post"
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-amber-400 px-4 text-sm font-medium text-neutral-950 shadow-lg shadow-amber-500/10 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
        >
          <PlusIcon />
          Create Post
        </Link>
      </header>

      {cards === undefined && loading && (
        <div className="flex flex-col items-center gap-3 py-24 text-neutral-400">
          <Spinner size="lg" />
          <p>{FORUM_MESSAGES.loading}</p>
        </div>
      )}
      {cards === undefined && error && (
        <p role="alert" className="py-24 text-center text-red-300">
          {FORUM_MESSAGES.loadFailed}
        </p>
      )}
      {cards?.length === 0 && (
        <div className="rounded-2xl border border-dashed border-white/10 py-20 text-center">
          <p className="text-lg font-semibold text-white">{FORUM_MESSAGES.empty}</p>
          <p className="mt-2 text-sm text-neutral-400">{FORUM_MESSAGES.emptyHint}</p>
        </div>
      )}
      {cards && cards.length > 0 && (
        <>
          <div data-testid="forum-grid" className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {cards.map((card) => (
              <PostCard key={card._id} card={card} />
            ))}
          </div>
          {hasMore && (
            <div className="mt-10 flex justify-center">
              <Button onClick={() => void loadMore()} busy={loadingMore}>
                Load More
              </Button>
            </div>
          )}
        </>
      )}
    </PageShell>
  );
}
