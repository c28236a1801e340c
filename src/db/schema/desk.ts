import 'server-only';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { leads } from './leads';

/** Sales-desk staff: apart from customer accounts (`users`), never created by public registration. */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** The person's name, shown in a lead's history, the owner column and the reports (the e-mail when unset). */
    displayName: text('display_name'),
    /** 'admin' (everything) | 'sales' (leads; invoices seen, cancelled) | 'finance' (leads; invoices, statements, payments): src/server/desk/permissions.ts */
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * The TOTP secret (RFC 6238), AES-256-GCM-sealed with DESK_SECRET_KEY (`enc:v1:…`; a base32
     * value of before the security round is sealed at start); set while enrolling, in force once
     * totp_enabled_at is set.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** SHA-256 of the unused recovery codes. */
    recoveryCodes: jsonb('recovery_codes').$type<string[]>(),
    /** The recovery codes in clear, sealed, from turning the factor on until the account page has shown them once. */
    recoveryCodesToShow: text('recovery_codes_to_show'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set by an admin's password reset: the next sign-in must choose a new password first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** A one-time enrolment link an admin issued (DESK_REQUIRE_2FA): the token, sealed, and its end. */
    enrolmentToken: text('enrolment_token'),
    enrolmentExpiresAt: timestamp('enrolment_expires_at', { withTimezone: true }),
    /** On duty now: new leads are given out in turn to the staff on duty (each switches their own; an admin anyone's). */
    onDuty: boolean('on_duty').notNull().default(false),
    /** The queues a person takes leads from (`sales`, `support`); null: every queue. */
    dutyQueues: jsonb('duty_queues').$type<string[]>(),
    /** When the person was last given a lead in turn: the next goes to whoever waited longest. */
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_email_lower_idx').on(sql`lower(${table.email})`)],
);

/** Desk sign-ins: only the SHA-256 of the cookie's token is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** Password checked, second factor still to come (or to be enrolled when it is required). */
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the member last proved who they are (password, second factor, step-up): sensitive actions need it recent. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/**
 * A staff change an admin sent while the step-up was due: kept (its fields sealed, passwords among
 * them) for the confirmation page to finish it once the password or code is given, in the same
 * session only, within minutes, once. The page carries a random token; only its SHA-256 is here.
 */
export const deskPendingChanges = pgTable(
  'desk_pending_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    /** The account the change is made to (null: a new account is added). */
    subjectId: uuid('subject_id'),
    /** The form's fields, AES-256-GCM-sealed. */
    body: text('body').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('desk_pending_changes_expires_idx').on(table.expiresAt)],
);

/** What staff did to a lead (status, note, retry, erase): the audit trail shown on the lead. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Kept when the account is gone: who it was. */
    staffEmail: text('staff_email'),
    /** 'status' | 'note' | 'retry' | 'erase' | 'owner' | 'callback' */
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    /** An owner change: who had it and who has it now (no foreign keys: the history outlives accounts). */
    fromOwnerId: uuid('from_owner_id'),
    toOwnerId: uuid('to_owner_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lead_events_lead_idx').on(table.leadId, table.createdAt)],
);

/**
 * The reminders sent of a lead (src/server/desk/lead-alerts.ts): `escalate` (still new at
 * DESK_ESCALATE_MINUTES: the chat and its owner), `promise` (still new at 10 working minutes: the
 * admins), `callback` (its call-back time came; `round`: that time in epoch seconds, so each new
 * time reminds once). The key is the claim: a row is written in the transaction that queues the
 * reminder's messages, so two servers, or a restart, never send one twice.
 */
export const leadAlerts = pgTable(
  'lead_alerts',
  {
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    round: bigint('round', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.leadId, table.step, table.round] })],
);

/**
 * The security log (ASVS 16): failed and throttled sign-ins, second-factor changes, staff created,
 * disabled or given a password, full exports, erasures. No secrets and no customer data: who
 * (staff id), to whom (another staff id), from where (client address), the request id if any.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    /** The staff member who acted or whose account it was (no foreign key: the log outlives accounts). */
    staffId: uuid('staff_id'),
    /** The account acted on (an admin's change to another member). */
    subjectId: uuid('subject_id'),
    address: text('address'),
    requestId: text('request_id'),
    /** Small, non-secret facts (a count, a filter's presence, a customer account's id). */
    detail: jsonb('detail').$type<Record<string, string | number | boolean>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('security_events_created_idx').on(table.createdAt)],
);

/** Secrets the server generates for itself when no setting gives one (DESK_SECRET_KEY unset). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Staff = typeof staff.$inferSelect;
export type SecurityEvent = typeof securityEvents.$inferSelect;
export type LeadEvent = typeof leadEvents.$inferSelect;
export type LeadAlert = typeof leadAlerts.$inferSelect;
