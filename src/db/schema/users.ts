import 'server-only';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { consentColumns } from './leads';

/** Accounts. The e-mail is unique regardless of case (expression index on lower(email)). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    nameF: text('name_f'),
    nameI: text('name_i').notNull(),
    firmName: text('firm_name').notNull(),
    countryName: text('country_name').notNull(),
    cityName: text('city_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A password sent by `remind`: works alongside the old one until either is used. */
    pendingPasswordHash: text('pending_password_hash'),
    pendingPasswordCreatedAt: timestamp('pending_password_created_at', { withTimezone: true }),
    /** When the owner of the address opened a confirmation link: only then does `remind` mail a password. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...consentColumns(),
  },
  (table) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`)],
);

/** Sign-in sessions: only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Last time the token was used: a token unused for SESSION_IDLE_DAYS no longer works. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Links that confirm an account's address: only the SHA-256 of the 256-bit token is stored, as
 * for sessions; a link works once, until it expires, and only for the address it was sent to.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_confirmations_user_idx').on(table.userId)],
);

export type User = typeof users.$inferSelect;
