import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * A user's paid subscription at the payment provider (Stripe), as its webhook events last described
 * it; `users.tier` follows it. `last_event_at` keeps an older event delivered late from undoing a newer.
 */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  subscriptionId: text('subscription_id').unique(),
  tier: text('tier', { enum: ['free', 'pro', 'studio'] })
    .notNull()
    .default('free'),
  status: text('status').notNull(),
  paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
  lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Webhook events already handled, by the provider's event id: a second delivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
