import { ACCOUNT_MESSAGES, nicknameProblem } from '@cinegraph/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { isUniqueViolation } from '../editor/node-rows';

/**
 * Saves the nickname trimmed, or refuses it with the spec's message (blank, longer than 32), or as
 * taken: nicknames are unique whatever their case (the index decides when two ask at once).
 */
export async function setNickname(db: Database, userId: string, nickname: string): Promise<void> {
  const problem = nicknameProblem(nickname);
  if (problem) throw badRequest(problem);
  const trimmed = nickname.trim();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.nickname}) = lower(${trimmed})`, ne(users.id, userId)));
  if (taken) throw conflict(ACCOUNT_MESSAGES.nicknameTaken);
  try {
    await db.update(users).set({ nickname: trimmed, updatedAt: new Date() }).where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ACCOUNT_MESSAGES.nicknameTaken);
    throw error;
  }
}
