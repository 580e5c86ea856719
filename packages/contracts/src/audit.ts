import { z } from 'zod';

export const AUDIT_ACTIONS = [
  'signin',
  'signin_failed',
  'signout',
  'password_reset',
  'password_changed',
  'email_changed',
  'reauth_failed',
  'session_revoked',
  'account_updated',
  'appliance_deleted',
  'universe_deleted',
  'event_deleted',
  'claim_deleted',
  'claim_attachment_deleted',
  'demo_started',
  'email_change_requested',
  'account_deleted',
  'totp_enabled',
  'totp_disabled',
] as const;

/** One security event of the account (its audit log). */
export const AuditEntry = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
