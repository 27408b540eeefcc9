/** Where a movie's node editor lives (the spec's route). */
export function movieEditorPath(movieId: string): string {
  return `/movies/${encodeURIComponent(movieId)}/editor`;
}
