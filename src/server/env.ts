import 'server-only';
import { parseSettings, type Settings } from '@/settings/settings.mjs';
import { staffPasswordProblem, STAFF_PASSWORD_RULE } from './desk/staff-password';
import { parseWorkingHours, type WorkingHours } from './desk/working-hours';

/**
 * The app's settings: the schema and its checks live in src/settings/settings.mjs; the desk's
 * two checks that need its own rules (a strong first-admin password, working hours that parse) are
 * added here.
 */
export type Env = Omit<Settings, 'DESK_WORKING_HOURS'> & { DESK_WORKING_HOURS: WorkingHours };

/** Parses the environment; throws one error naming every bad setting. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const settings = parseSettings(source);
  const problems: string[] = [];
  if (settings.DESK_ADMIN_PASSWORD && staffPasswordProblem(settings.DESK_ADMIN_PASSWORD)) problems.push(`DESK_ADMIN_PASSWORD: too weak: ${STAFF_PASSWORD_RULE}`);
  let hours: WorkingHours | undefined;
  try {
    hours = parseWorkingHours(settings.DESK_WORKING_HOURS);
  } catch (error) {
    problems.push(`DESK_WORKING_HOURS: ${(error as Error).message}`);
  }
  if (problems.length || !hours) throw new Error(`Invalid settings:\n  ${problems.join('\n  ')}`);
  return Object.freeze({ ...settings, DESK_WORKING_HOURS: hours });
}

let cached: Env | undefined;

/** The validated settings of this process (parsed once; the edge checked them before the start). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests: parse these settings (over the process's) instead; no argument goes back to process.env. */
export function setEnvForTests(overrides?: Record<string, string | undefined>): Env {
  cached = overrides ? parseEnv({ ...process.env, ...overrides }) : undefined;
  return getEnv();
}
