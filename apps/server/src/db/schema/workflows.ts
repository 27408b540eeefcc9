import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { nodes } from './editor';
import { users } from './users';

/** A workflow published to the community; its files are copied to its own storage keys. */
export const sharedWorkflows = pgTable(
  'shared_workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The node it was shared from; kept when the node goes, so the shared copy lives on. */
    nodeId: uuid('node_id').references(() => nodes.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    workflowLink: text('workflow_link'),
    workflowApiLink: text('workflow_api_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('shared_workflows_user_idx').on(t.userId)],
);

/** One user's like or dislike of a shared workflow. */
export const workflowVotes = pgTable(
  'workflow_votes',
  {
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => sharedWorkflows.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['like', 'dislike'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workflowId, t.userId] }), index('workflow_votes_user_idx').on(t.userId)],
);
