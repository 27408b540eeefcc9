import type { Movie, MovieTemplate } from '@cinegraph/contracts';
import type { MovieRow } from '../services/movies/access';

// Database rows become the contracts' shapes in this folder, and nowhere else.

export function presentMovie(row: MovieRow): Movie {
  return {
    _id: row.id,
    title: row.title,
    display_image: row.displayImage,
    current_node_color: row.currentNodeColor,
    inputs: row.inputs,
    share_takes_with_community: row.shareTakesWithCommunity,
    still_duration: row.stillDuration,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentTemplate(row: MovieRow): MovieTemplate {
  return { _id: row.id, title: row.title };
}
