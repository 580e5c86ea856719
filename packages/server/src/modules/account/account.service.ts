import { PassThrough, type Readable } from 'node:stream';
import { API_MSG } from '@ecofoyer/contracts';
import { lazyModule } from '../../lib/lazy-module.ts';

const yazl = lazyModule(() => import('yazl'));
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { AccountRepository } from './account.repository.ts';

const HOUR = 3_600_000;

/**
 * « Télécharger mes données » and the rows of « Supprimer mon compte » (RGPD art. 15, 17
 * and 20): the data of one account, complete, in a format a person and a program can read.
 */
/** The account module on this database: other modules reach it through its service only, never its tables. */
export function createAccountService(db: Db, deps: { store: FileStore; clock: Clock; limiter: RateLimiter }): AccountService {
  return new AccountService(new AccountRepository(db), deps);
}

export class AccountService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly deps: { store: FileStore; clock: Clock; limiter: RateLimiter },
  ) {}

  /**
   * A zip streamed as it is made: `mes-donnees.json` (the account and every row of it, by table)
   * and `fichiers/<key>` for each picture, invoice, manual and claim's document. Limited per account: it reads all.
   */
  async exportZip(userId: number): Promise<{ stream: Readable; fileName: string }> {
    await this.deps.limiter.hit([{ key: `export:account:${userId}`, max: 5, windowMs: HOUR }], API_MSG.tooManyExports);
    const data = await this.repo.allRows(userId);
    if (!data) throw notFound();
    const now = this.deps.clock.now();
    const keys = await this.repo.fileKeys(userId);
    const zip = new (await yazl()).ZipFile();
    const json = {
      format: 'ecofoyer-mes-donnees',
      version: 1,
      exporteLe: now.toISOString(),
      explication:
        'Toutes les données de votre compte EcoFoyer, par table : votre compte (users), votre foyer (universes, appliances), votre calendrier (events), vos démarches auprès d’un vendeur ou d’un réparateur (claims, avec leurs étapes claim_steps et les noms de leurs pièces claim_attachments), vos notifications, badges, abonnements aux notifications, appareils connectés (sessions), le journal de sécurité de votre compte (audit_log). Les fichiers sont dans le dossier fichiers/.',
      compte: data.user,
      tables: data.tables,
      fichiers: keys,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(json, null, 2), 'utf8'), 'mes-donnees.json', { mtime: now });
    const out = new PassThrough();
    // Each file is opened when the zip reaches it: one at a time, never all in memory or all open.
    for (const key of keys) {
      zip.addReadStreamLazy(`fichiers/${key}`, { mtime: now }, (done) => {
        this.deps.store.get(key).then(
          (file) => (file ? done(null, file.stream) : done(new Error(`missing file ${key}`), new PassThrough())),
          (error: unknown) => done(error, new PassThrough()),
        );
      });
    }
    zip.end();
    zip.outputStream.on('error', (error) => out.destroy(error));
    zip.outputStream.pipe(out);
    return { stream: out, fileName: `ecofoyer-mes-donnees-${now.toISOString().slice(0, 10)}.zip` };
  }

  /**
   * Every row of the account gone in one transaction — with the foyers `prepare` says go with it, and
   * what `announce` writes of it (the sessions' end, the mail) — then their files (a file left by a
   * failure goes with the orphan sweep).
   */
  async deleteAll(
    userId: number,
    prepare: (unit: UnitOfWork) => Promise<number[]>,
    announce: (unit: UnitOfWork) => Promise<void> = async () => undefined,
  ): Promise<void> {
    const keys = await this.repo.deleteAccount(userId, this.deps.clock.now(), prepare, announce);
    for (const key of keys) await this.deps.store.delete(key).catch(() => undefined);
  }
}
