import type { CharacterUpdate } from '@cinegraph/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { characters, movies } from '../../db/schema';
import type { Db } from '../editor/node-rows';
import { authorizeItem } from './item-access';
import { flagColumns, levelInputs, mergeFields, updatedInputs } from './item-changes';
import { insertIntoList, moveInList, removeFromList, type SiblingList } from './ordering';

export type CharacterRow = typeof characters.$inferSelect;

const characterList = (movieId: string): SiblingList => ({
  table: characters,
  where: eq(characters.movieId, movieId),
  parent: { table: movies, id: movieId },
});

export async function listCharacters(db: Db, movieId: string): Promise<CharacterRow[]> {
  return db
    .select()
    .from(characters)
    .where(eq(characters.movieId, movieId))
    .orderBy(asc(characters.index), asc(characters.createdAt), asc(characters.id));
}

async function findCharacter(db: Db, id: string): Promise<CharacterRow | undefined> {
  const [row] = await db.select().from(characters).where(eq(characters.id, id));
  return row;
}

/**
 * The character's row locked for this transaction's update: a deletion committed meanwhile (another tab, another
 * server) is a 404, not a write to a row that is gone.
 */
async function lockCharacter(tx: Db, id: string): Promise<CharacterRow> {
  const [row] = await tx.select().from(characters).where(eq(characters.id, id)).for('no key update');
  if (!row) throw notFound('Character not found');
  return row;
}

/** A character of a movie the user is a member of (and of `movieId`, when given). */
export async function requireCharacter(
  db: Database,
  id: string,
  userId: string,
  movieId?: string,
): Promise<CharacterRow> {
  return authorizeItem(db, await findCharacter(db, id), 'Character', userId, movieId);
}

/** A new character at the end (or at `index`), holding the movie's character-level inputs. */
export async function createCharacter(db: Database, movieId: string, index?: number): Promise<CharacterRow> {
  return db.transaction(async (tx) => {
    const inputs = await levelInputs(tx, movieId, 'character');
    return insertIntoList(
      tx,
      characterList(movieId),
      () => index,
      async (position) =>
        (await tx.insert(characters).values({ movieId, index: position, inputs }).returning())[0]!,
    );
  });
}

/**
 * The screens edit a character's `title` (as on every level) and older clients its `name`: the one
 * that differs from the stored name is the edit.
 */
function editedName(stored: string, body: z.output<typeof CharacterUpdate>): string | undefined {
  return [body.title, body.name].find((name) => name !== undefined && name !== stored);
}

/** Writes what the body names; a changed index moves the character and renumbers the others. */
export async function updateCharacter(
  db: Database,
  character: CharacterRow,
  body: z.output<typeof CharacterUpdate>,
): Promise<CharacterRow> {
  return db.transaction(async (tx) => {
    if (body.index !== undefined && body.index !== character.index) {
      await moveInList(tx, characterList(character.movieId), character.id, body.index);
    }
    const current = await lockCharacter(tx, character.id);
    const name = editedName(current.name, body);
    const [row] = await tx
      .update(characters)
      .set({
        ...flagColumns(body),
        ...(name !== undefined && { name }),
        ...(body.inputs && {
          inputs: await updatedInputs(tx, character.movieId, 'character', current.inputs, body.inputs),
        }),
        fields: mergeFields('character', current.fields, body),
        updatedAt: sql`now()`,
      })
      .where(eq(characters.id, character.id))
      .returning();
    return row!;
  });
}

/** A copy of the character, inserted right after it. */
export async function copyCharacter(db: Database, character: CharacterRow): Promise<CharacterRow> {
  return db.transaction(async (tx) => {
    const { id: _id, index: _index, createdAt: _c, updatedAt: _u, ...values } = character;
    return insertIntoList(
      tx,
      characterList(character.movieId),
      (order) => order.indexOf(character.id) + 1,
      async (index) =>
        (
          await tx
            .insert(characters)
            .values({ ...values, index, newOutput: false })
            .returning()
        )[0]!,
    );
  });
}

/** Deletes the character; later characters move up one. */
export async function deleteCharacter(db: Database, character: CharacterRow): Promise<void> {
  await db.transaction((tx) => removeFromList(tx, characterList(character.movieId), character.id));
}
