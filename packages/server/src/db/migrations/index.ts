import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.ts';
import * as m0002 from './0002-inventory.ts';
import * as m0003 from './0003-maintenance-events.ts';
import * as m0004 from './0004-notifications.ts';
import * as m0005 from './0005-badges.ts';
import * as m0006 from './0006-second-life.ts';
import * as m0007 from './0007-audit-log.ts';
import * as m0008 from './0008-maintenance-timing.ts';
import * as m0009 from './0009-sessions.ts';
import * as m0010 from './0010-mail-queue.ts';
import * as m0011 from './0011-signin-throttle.ts';
import * as m0012 from './0012-demo-accounts.ts';
import * as m0013 from './0013-email-change.ts';
import * as m0014 from './0014-totp.ts';
import * as m0015 from './0015-rights.ts';
import * as m0016 from './0016-notifications-paging.ts';
import * as m0017 from './0017-data-version.ts';
import * as m0018 from './0018-reference-fingerprint.ts';
import * as m0019 from './0019-events-lists.ts';
import * as m0020 from './0020-foyer.ts';
import * as m0021 from './0021-event-assignee.ts';
import * as m0022 from './0022-notification-preferences.ts';
import * as m0023 from './0023-dossier-and-labels.ts';
import * as m0024 from './0024-recall-watch.ts';
import * as m0025 from './0025-energy-label.ts';
import * as m0026 from './0026-household-trust.ts';
import * as m0027 from './0027-idempotency-keys.ts';
import * as m0028 from './0028-foyer-id-columns.ts';
import * as m0029 from './0029-jobs.ts';
import * as m0030 from './0030-mail-jobs.ts';
import * as m0031 from './0031-series-paris-time.ts';
import * as m0032 from './0032-inventory-imports.ts';
import * as m0033 from './0033-claims.ts';

/** Numbered, committed, additive migrations, applied at start (order = key order). */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-inventory': m0002,
  '0003-maintenance-events': m0003,
  '0004-notifications': m0004,
  '0005-badges': m0005,
  '0006-second-life': m0006,
  '0007-audit-log': m0007,
  '0008-maintenance-timing': m0008,
  '0009-sessions': m0009,
  '0010-mail-queue': m0010,
  '0011-signin-throttle': m0011,
  '0012-demo-accounts': m0012,
  '0013-email-change': m0013,
  '0014-totp': m0014,
  '0015-rights': m0015,
  '0016-notifications-paging': m0016,
  '0017-data-version': m0017,
  '0018-reference-fingerprint': m0018,
  '0019-events-lists': m0019,
  '0020-foyer': m0020,
  '0021-event-assignee': m0021,
  '0022-notification-preferences': m0022,
  '0023-dossier-and-labels': m0023,
  '0024-recall-watch': m0024,
  '0025-energy-label': m0025,
  '0026-household-trust': m0026,
  '0027-idempotency-keys': m0027,
  '0028-foyer-id-columns': m0028,
  '0029-jobs': m0029,
  '0030-mail-jobs': m0030,
  '0031-series-paris-time': m0031,
  '0032-inventory-imports': m0032,
  '0033-claims': m0033,
};
