import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    /** Unique whatever its case, so a forum author cannot pass for another; '' shows the default handle. */
    nickname: text('nickname').notNull().default(''),
    profileImage: text('profile_image'),
    tier: text('tier', { enum: ['free', 'pro', 'studio'] })
      .notNull()
      .default('free'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_nickname_unique')
      .on(sql`lower(${t.nickname})`)
      .where(sql`${t.nickname} <> ''`),
  ],
);
