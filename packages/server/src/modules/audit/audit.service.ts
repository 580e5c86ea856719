import type { AuditEntry } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { AuditRepository } from './audit.repository.ts';

export type AuditAction = AuditEntry['action'];

/** The security audit log: written after the fact, never failing the request that caused it. */
/** How long the security log keeps a line (a stated retention, not forever). */
export const AUDIT_RETENTION_DAYS = 365;

export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly deps: { clock: Clock; log: FastifyBaseLogger },
  ) {}

  async record(userId: number | null, action: AuditAction, ip: string | null, details: Record<string, unknown> = {}): Promise<void> {
    try {
      await this.repo.insert({ user_id: userId, action, ip, details, created_at: this.deps.clock.now() });
    } catch (err) {
      this.deps.log.error({ err, userId, action }, 'audit log write failed');
    }
  }

  /** The security log is kept one year (AUDIT_RETENTION_DAYS), as the privacy policy says. */
  purge(): Promise<number> {
    return this.repo.purgeBefore(new Date(this.deps.clock.now().getTime() - AUDIT_RETENTION_DAYS * 86_400_000));
  }

  async list(userId: number): Promise<AuditEntry[]> {
    return (await this.repo.listForUser(userId, 100)).map((r) => ({
      id: Number(r.id),
      action: r.action as AuditAction,
      ip: r.ip,
      details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>,
      created_at: r.created_at.toISOString(),
    }));
  }
}
