import 'server-only';
import { parseSettings, type Settings } from '@/settings/settings.mjs';

/** The app's settings: the schema and its checks live in src/settings/settings.mjs. */
export type Env = Settings;

/** Parses the environment; throws one error naming every bad setting. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  return parseSettings(source);
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
