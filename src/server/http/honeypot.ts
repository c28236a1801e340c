import 'server-only';
import { HONEYPOT_FIELD } from '@/lib/validation/common';

/** True when the hidden field people never see was filled in (a bot). */
export function isHoneypotFilled(body: Record<string, unknown>): boolean {
  const value = body[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}
