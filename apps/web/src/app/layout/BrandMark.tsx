import { useId } from 'react';

/** The Cinegraph mark (the favicon's drawing): a C closing on a node. */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fbbf24" />
          <stop offset="1" stopColor="#ea580c" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill={`url(#${gradient})`} />
      <path
        d="M43 21.5a15 15 0 1 0 0 21"
        fill="none"
        stroke="#0b0b0e"
        strokeWidth="6.5"
        strokeLinecap="round"
      />
      <circle cx="44" cy="32" r="5.5" fill="#0b0b0e" />
    </svg>
  );
}
