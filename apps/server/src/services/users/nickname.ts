import { nicknameProblem } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../http/errors';

/** Saves the nickname trimmed, or refuses it with the spec's message (blank, longer than 32). */
export async function setNickname(db: Database, userId: string, nickname: string): Promise<void> {
  const problem = nicknameProblem(nickname);
  if (problem) throw badRequest(problem);
  await db
    .update(users)
    .set({ nickname: nickname.trim(), updatedAt: new Date() })
    .where(eq(users.id, userId));
}
