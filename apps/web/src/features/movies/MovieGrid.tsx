import type { Movie } from '@cinegraph/contracts';
import { MovieCard } from './MovieCard';

interface MovieGridProps {
  movies: readonly Movie[];
  userId: string;
  highlightedId?: string | null;
}

/** One, two or three columns on small, medium and large screens (the spec's grid). */
export function MovieGrid({ movies, userId, highlightedId }: MovieGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {movies.map((movie) => (
        <li key={movie._id}>
          <MovieCard movie={movie} userId={userId} highlighted={movie._id === highlightedId} />
        </li>
      ))}
    </ul>
  );
}
