import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  nickname: text('nickname').notNull().default(''),
  profileImage: text('profile_image'),
  tier: text('tier', { enum: ['free', 'pro', 'studio'] })
    .notNull()
    .default('free'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
