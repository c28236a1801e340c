import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leadAlerts, leads, outboxMessages, staff } from '@/db/schema';
import type { Env } from '../env';
import { describeError, getLogger } from '../logger';
import { leadChannels, leadDeskUrl, mailSettings } from '../outbox/config';
import { wakeOutbox } from '../outbox/worker';
import { CALLBACK_LATE_LIMIT_MS, callbackDue, dueWaitStep, minutesLeft } from './alert-due';
import { alertEmail, alertTelegram, type AlertLead, type AlertStep } from './lead-alert-text';

/** How far back the scan looks for leads still new (a weekend and a long holiday are inside it). */
const WAIT_WINDOW_DAYS = 14;
/** Most leads one scan reminds of; the next scan takes the rest. */
const BATCH = 200;

type Candidate = Awaited<ReturnType<typeof candidates>>[number];

const at = (now: number) => sql`${new Date(now).toISOString()}::timestamptz`;

function candidates(db: Db, where: ReturnType<typeof sql>) {
  return db
    .select({
      id: leads.id,
      number: leads.number,
      kind: leads.kind,
      name: leads.name,
      firm: sql<string | null>`${leads.payload}->>'firm_name'`,
      status: leads.status,
      createdAt: leads.createdAt,
      callbackAt: leads.callbackAt,
      ownerEmail: sql<string | null>`case when ${staff.disabledAt} is null then ${staff.email} end`,
      ownerName: sql<string | null>`coalesce(${staff.displayName}, ${staff.email})`,
    })
    .from(leads)
    .leftJoin(staff, eq(staff.id, leads.ownerId))
    .where(where)
    .orderBy(sql`${leads.createdAt} desc`)
    .limit(BATCH);
}

/** New contact leads old enough to be reminded of that have not had the admins' reminder yet. */
const waitingLeads = (db: Db, now: number, escalateMinutes: number) =>
  candidates(
    db,
    sql`${leads.status} = 'new' and ${leads.kind} <> 'registration' and ${leads.erasedAt} is null
        and ${leads.createdAt} > ${at(now)} - make_interval(days => ${WAIT_WINDOW_DAYS})
        and ${leads.createdAt} <= ${at(now)} - make_interval(secs => ${escalateMinutes * 60})
        and not exists (select 1 from ${leadAlerts} where ${leadAlerts.leadId} = ${leads.id} and ${leadAlerts.step} = 'promise')`,
  );

/** Open leads whose call-back time came (within the day) and has not reminded yet. */
const calledBackLeads = (db: Db, now: number) =>
  candidates(
    db,
    sql`${leads.callbackAt} <= ${at(now)} and ${leads.callbackAt} > ${at(now)} - make_interval(secs => ${CALLBACK_LATE_LIMIT_MS / 1000})
        and ${leads.status} in ('new', 'in_progress') and ${leads.erasedAt} is null
        and not exists (select 1 from ${leadAlerts} where ${leadAlerts.leadId} = ${leads.id} and ${leadAlerts.step} = 'callback'
                        and ${leadAlerts.round} = ${callbackRound(sql`${leads.callbackAt}`)})`,
  );

/** The round of a call back: its time in epoch seconds (each new time reminds once). */
function callbackRound(value: ReturnType<typeof sql>) {
  return sql`floor(extract(epoch from ${value}))::bigint`;
}
const roundOf = (callbackAt: Date) => Math.floor(callbackAt.getTime() / 1000);

/** The messages of one reminder: the chat, and the owner (escalate, callback) or every active admin (promise) by e-mail. */
async function messagesOf(db: Db, env: Env, step: AlertStep, lead: Candidate, minutes: number) {
  const base: AlertLead = { number: lead.number, kind: lead.kind, name: lead.name, firm: lead.firm, ownerName: lead.ownerName, minutes, deskUrl: leadDeskUrl(env, lead.id) };
  const rows: Array<{ channel: string; leadId: string; payload: Record<string, unknown> }> = [];
  if (leadChannels(env).includes('telegram')) {
    rows.push({ channel: 'telegram', leadId: lead.id, payload: { alert: step, ...alertTelegram(step, { ...base, omitPersonal: env.TELEGRAM_PERSONAL_DATA === 'omit' }) } });
  }
  if (mailSettings(env)) {
    const to =
      step === 'promise'
        ? (await db.select({ email: staff.email }).from(staff).where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt))).orderBy(staff.email)).map((row) => row.email)
        : lead.ownerEmail
          ? [lead.ownerEmail]
          : [];
    for (const address of to) rows.push({ channel: 'email', leadId: lead.id, payload: { alert: step, ...alertEmail(step, base, address) } });
  }
  return rows;
}

/**
 * Claims one reminder and queues its messages in one transaction: the lead is locked and looked at
 * again (a lead contacted, or a call back moved, since the scan read it is left), and the
 * (lead, step, round) row is the claim: a second server, or this one after a restart, finds it
 * taken and queues nothing. True when it was queued here.
 */
async function claimAlert(db: Db, env: Env, step: AlertStep, lead: Candidate, round: number, minutes: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ status: leads.status, callbackAt: leads.callbackAt }).from(leads).where(eq(leads.id, lead.id)).for('update');
    if (!current) return false;
    if (step === 'callback' ? current.callbackAt?.getTime() !== lead.callbackAt?.getTime() : current.status !== 'new') return false;
    const [claimed] = await tx.insert(leadAlerts).values({ leadId: lead.id, step, round }).onConflictDoNothing().returning({ leadId: leadAlerts.leadId });
    if (!claimed) return false;
    const rows = await messagesOf(tx, env, step, lead, minutes);
    if (rows.length) await tx.insert(outboxMessages).values(rows);
    return true;
  });
}

/**
 * One scan: queues the reminders due now (src/server/desk/alert-due.ts) of leads still new and of
 * call backs that came. Safe in every instance at once. Returns how many reminders were queued.
 */
export async function queueLeadAlerts(db: Db, env: Env, now = Date.now()): Promise<number> {
  const hours = env.DESK_WORKING_HOURS;
  let queued = 0;
  if (env.DESK_ESCALATE_MINUTES > 0) {
    for (const lead of await waitingLeads(db, now, env.DESK_ESCALATE_MINUTES)) {
      const due = dueWaitStep(lead, now, hours, env.DESK_ESCALATE_MINUTES);
      if (!due) continue;
      const minutes = due.step === 'escalate' ? minutesLeft(due.waitedMs) : Math.floor(due.waitedMs / 60_000);
      if (await claimAlert(db, env, due.step, lead, 0, minutes)) queued += 1;
    }
  }
  for (const lead of await calledBackLeads(db, now)) {
    if (!callbackDue(lead.callbackAt, now)) continue;
    if (await claimAlert(db, env, 'callback', lead, roundOf(lead.callbackAt!), 0)) queued += 1;
  }
  if (queued) {
    getLogger().info({ reminders: queued }, 'lead reminders queued');
    wakeOutbox();
  }
  return queued;
}

/** How often the scan runs: a quarter of the escalation time, between a second and half a minute. */
const alertScanMs = (escalateMinutes: number) => Math.min(30_000, Math.max(1_000, (escalateMinutes * 60_000) / 4 || 30_000));

/** The scan at start and then every alertScanMs, in every instance (the claim keeps each reminder to one). */
export function startLeadAlerts(db: () => Promise<Db>, env: Env): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await queueLeadAlerts(await db(), env);
    } catch (error) {
      getLogger().error({ err: describeError(error) }, 'lead reminders failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, alertScanMs(env.DESK_ESCALATE_MINUTES));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
