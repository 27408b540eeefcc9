import type { User } from '@cinegraph/contracts';
import type { UserRow } from '../services/users/user';

export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    nickname: row.nickname,
    profile_image: row.profileImage,
    tier: row.tier,
  };
}
