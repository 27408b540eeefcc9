import type { Movie, MovieTemplate, User } from '@cinegraph/contracts';
import type { MovieRow } from './services/movies/access';
import type { UserRow } from './services/users';

/** Database rows become the contracts' shapes here, and nowhere else. */
export function presentMovie(row: MovieRow): Movie {
  return {
    _id: row.id,
    title: row.title,
    display_image: row.displayImage,
    current_node_color: row.currentNodeColor,
    inputs: row.inputs,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentTemplate(row: MovieRow): MovieTemplate {
  return { _id: row.id, title: row.title };
}

export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    nickname: row.nickname,
    profile_image: row.profileImage,
    tier: row.tier,
  };
}
