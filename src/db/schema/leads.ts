import 'server-only';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every accepted lead (feedback, buy/demo, order), stored before anything is sent. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'feedback' | 'btn_buy' | 'btn_demo' | 'order' */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    lang: text('lang').notNull(),
    /** The validated form as posted (field names of the specification). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('leads_created_idx').on(table.createdAt)],
);

/**
 * The transactional outbox: one row per message to deliver (lead × channel, remind e-mails).
 * status: 'pending' → 'delivered'; 'held' when the channel was off when it was queued.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [index('outbox_due_idx').on(table.status, table.nextAttemptAt)],
);

/**
 * When each delivery target may next be sent to (`telegram:<chat id>`), shared by every server
 * process: a worker reserves a slot by moving `next_free_at` on, so two instances together keep
 * Telegram's pace for one chat, and a 429's retry_after holds them all.
 */
export const deliveryPacing = pgTable('delivery_pacing', {
  target: text('target').primaryKey(),
  nextFreeAt: timestamp('next_free_at', { withTimezone: true }).notNull(),
});
