import { useState } from 'react';
import { authorAvatar } from './logic/authorAvatar';

interface AuthorBadgeProps {
  nickname: string;
  profileImage: string | null;
  createdAt: string;
  size?: 'sm' | 'md';
}

/** Formats a post or comment date as the reader's locale writes it (e.g. 23 Nov 2026). */
export function formatForumDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * The author's picture, or when there is none (or it fails to load) the nickname's letters on a hue of
 * its own, so authors without a nickname (shown by their handle) are told apart too.
 */
export function AuthorAvatar({ nickname, profileImage, size = 'md' }: Omit<AuthorBadgeProps, 'createdAt'>) {
  const [failed, setFailed] = useState(false);
  const box = size === 'sm' ? 'size-7 text-xs' : 'size-9 text-sm';
  if (profileImage && !failed) {
    return (
      <img
        src={profileImage}
        alt=""
        onError={() => setFailed(true)}
        className={`${box} shrink-0 rounded-full object-cover ring-1 ring-white/10`}
      />
    );
  }
  const { letters, hue } = authorAvatar(nickname);
  return (
    <span
      aria-hidden="true"
      data-testid="author-avatar"
      style={{ backgroundColor: `hsl(${hue} 55% 28%)`, color: `hsl(${hue} 90% 85%)` }}
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full font-semibold uppercase ring-1 ring-white/15`}
    >
      {letters}
    </span>
  );
}

export function AuthorBadge({ nickname, profileImage, createdAt, size = 'md' }: AuthorBadgeProps) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <AuthorAvatar nickname={nickname} profileImage={profileImage} size={size} />
      <div className="min-w-0 leading-tight">
        <p className="truncate text-sm font-medium text-neutral-100">{nickname}</p>
        <time dateTime={createdAt} className="text-xs text-neutral-500">
          {formatForumDate(createdAt)}
        </time>
      </div>
    </div>
  );
}
