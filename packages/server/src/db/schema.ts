import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Table types the repositories use; kept next to the migrations that create them. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  adresse: string | null;
  telephone: string | null;
  password_hash: string;
  roles: string[];
  login_count: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** A visitor's demo account: when the purge deletes it (null for a real account). */
  demo_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Moves at each change to the household's data (migration 0017, `lib/household-cache.ts`); the driver gives int8 as text. */
  data_version: ColumnType<string, never, never>;
  data_version_xact: ColumnType<string | null, never, never>;
}

export interface UserTotpTable {
  user_id: number;
  secret_enc: string;
  enabled_at: Date | null;
  /** bigint: the driver reads it as a string. */
  last_step: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: Date;
}

export interface TotpRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Date | null;
}

export interface EmailChangesTable {
  user_id: number;
  new_email: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

/** A signed-in device: one refresh-token family (migration 0009). */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Date;
  last_seen_at: Date;
  user_agent: string | null;
  ip: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: number;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  fingerprint: string;
  status: number;
  body: string;
  created_at: Date;
}

export interface RateLimitsTable {
  key: string;
  window_start: Date;
  count: number;
}

export interface RefUniversesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  image: string;
  position: number;
}

export interface RefProductsTable {
  id: Generated<number>;
  slug: string;
  prod_name: string;
  pict: string;
  universe_slug: string | null;
  carbon_slug: string | null;
  smartfix_category_id: number | null;
  repair_bonus_types: string[];
  position: number;
}

/** The fingerprint of the reference data loaded (migration 0018, `reference.ts`). */
export interface ReferenceDataTable {
  fingerprint: string;
}

/**
 * A household (migrations 0020, 0026): its id is the `user_id` of its data — its founder's user id,
 * or a number of the users' sequence for a foyer made for someone who left the one they held.
 */
export interface FoyersTable {
  id: number;
  /** Null: shown as its holder's (`MSG.foyerDefaultName`). */
  nom: string | null;
  /** Who holds it: its founder until they hand it over (null only for a foyer whose holder's account is gone). */
  holder_id: number | null;
  /** Changes to the household's data (migration 0017, moved to the foyer by 0026): the household cache's key. */
  data_version: ColumnType<string, never, never>;
  data_version_xact: ColumnType<string | null, never, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The one foyer each user belongs to, and their role in it. */
export interface FoyerMembersTable {
  user_id: number;
  foyer_id: number;
  role: 'proprietaire' | 'membre' | 'lecteur';
  joined_at: ColumnType<Date, Date | undefined, Date>;
}

export interface FoyerInvitationsTable {
  id: Generated<number>;
  foyer_id: number;
  email: string;
  role: 'proprietaire' | 'membre' | 'lecteur';
  token_hash: string;
  invited_by: number | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  /** Null while an invitation as propriétaire made by a co-owner waits for the holder's confirmation. */
  approved_at: Date | null;
}

/** The « Dossier d'inventaire » being built, or built (migration 0023). */
export interface DossierJobsTable {
  id: string;
  user_id: number;
  requested_by: number;
  status: 'en-cours' | 'pret' | 'echec';
  with_invoices: boolean;
  done: ColumnType<number, number | undefined, number>;
  total: ColumnType<number, number | undefined, number>;
  file_key: string | null;
  size: number | null;
  created_at: Date;
  updated_at: Date;
}

/** A read-only link to the dossier: its token is derived from `id` (HMAC), never stored. */
export interface DossierSharesTable {
  id: string;
  user_id: number;
  created_by: number;
  days: 7 | 30;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** The QR label of an appliance: `APP_URL/a/{code}`. */
export interface ApplianceLabelsTable {
  code: string;
  appliance_id: number;
  created_at: Date;
  revoked_at: Date | null;
}

/** One day's RappelConso job (migration 0024): the row is the claim of the replica that runs it. */
export interface RecallRunsTable {
  day: string;
  status: 'running' | 'done' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  started_at: Date;
  finished_at: Date | null;
  fetched: ColumnType<number, number | undefined, number>;
  last_publication: Date | null;
  error: string | null;
}

/** A RappelConso sheet of the household-appliance and electrical categories. */
export interface RecallSheetsTable {
  sheet_id: string;
  title: string;
  brand: string;
  models: string;
  gtins: string;
  risk: string;
  what_to_do: string;
  link: string;
  published_at: Date;
  fetched_at: Date;
}

/** A sheet matched with one of the household's appliances: open until `handled_at`. */
export interface ApplianceRecallsTable {
  id: Generated<number>;
  user_id: number;
  appliance_id: number;
  sheet_id: string;
  title: string;
  risk: string;
  what_to_do: string;
  link: string;
  published_at: Date;
  matched_at: Date;
  handled_at: Date | null;
  handled_by: number | null;
}

export interface UniversesTable {
  id: Generated<number>;
  user_id: number;
  ref_universe_id: number | null;
  name: string;
  description: string;
  image_key: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface AppliancesTable {
  id: Generated<number>;
  user_id: number;
  universe_id: number | null;
  prod_id: number | null;
  name: string;
  marque: string | null;
  modele: string | null;
  dt_achat: string | null;
  dt_fab: string | null;
  note: string | null;
  panne_note: string | null;
  facture_ref: string | null;
  classenergie: string | null;
  pict_key: string | null;
  facture_key: string | null;
  facture_type: string | null;
  notice_key: string | null;
  created_at: Date;
  updated_at: Date;
  /** given, sold or recycled: the device left the inventory (null: still in it). */
  second_life: string | null;
  second_life_at: Date | null;
  /** « Mes droits ». `prix_achat` is numeric: the driver gives it as text. */
  vendeur: string | null;
  prix_achat: ColumnType<string | null, number | string | null, number | string | null>;
  numero_serie: string | null;
  dt_livraison: string | null;
  occasion: Generated<boolean>;
  garantie_commerciale_fin: string | null;
  /** Migration 0025: the energy label's EPREL number, the barcode, kWh per year (numeric: text from the driver). */
  eprel_number: string | null;
  ean: string | null;
  energy_kwh_year: ColumnType<string | null, number | string | null, number | string | null>;
}

export interface AuditLogTable {
  id: Generated<string>;
  user_id: number | null;
  action: string;
  ip: string | null;
  details: Generated<Record<string, unknown>>;
  created_at: Date;
}

export interface TempFilesTable {
  key: string;
  user_id: number;
  created_at: Date;
}

export interface MaintenanceCardsTable {
  id: Generated<number>;
  slug: string;
  prod_id: number;
  title: string;
  duration: number;
  frequency: number;
  level: string;
  position: number;
  wait_minutes: number | null;
  season_from: number | null;
  season_to: number | null;
  season_label: string | null;
}

export interface MaintenanceStepsTable {
  id: Generated<number>;
  card_id: number;
  steporder: number;
  title: string;
  detail: string;
  video: string | null;
}

export interface MaintenanceAgentsTable {
  id: Generated<number>;
  card_id: number;
  position: number;
  slug: string;
  name: string;
  pict: string;
  volume: string;
  count: number;
}

export interface EventsTable {
  id: Generated<number>;
  user_id: number;
  appliance_id: number | null;
  maintenance_card_id: number | null;
  series_id: string | null;
  frequency: string | null;
  title: string;
  note: string | null;
  type: string;
  status: string;
  dt_realisation: Date;
  done_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** A breakdown repaired by the seller under the legal guarantee, its days out of use, or replaced. */
  sous_garantie: Generated<boolean>;
  immobilisation_jours: number | null;
  remplace: Generated<boolean>;
  /** The member who sees to it (« Qui s'en occupe ? »); null: every member. */
  assignee_id: number | null;
}

export interface CalendarFeedsTable {
  user_id: number;
  token: string;
  created_at: Date;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  status: string;
  title: string;
  message: string;
  event_id: number | null;
  dedupe_key: string;
  created_at: Date;
  read_at: Date | null;
  /** The appliance a notification that is no event's is about (a recall; migration 0024). */
  appliance_id: number | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Date;
}

export interface RefBadgesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  pict: string;
  rule_kind: string;
  rule_threshold: number;
  bonus_description: string | null;
  bonus_link: string | null;
  position: number;
}

export interface UserBadgesTable {
  id: Generated<number>;
  user_id: number;
  ref_badge_id: number;
  public_uuid: Generated<string>;
  obtained_at: Date;
}

export interface UserActionsTable {
  id: Generated<number>;
  user_id: number;
  action: string;
  created_at: Date;
}

/** Mails waiting to leave, sent, or given up (migration 0010). */
export interface MailQueueTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  body: string;
  created_at: Date;
  next_attempt_at: Date;
  attempts: Generated<number>;
  locked_until: Date | null;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
  /** The HTML part (reminders), beside the text one. */
  html: string | null;
  /** Extra headers as JSON (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: string | null;
  /** Erased once sent or given up rather than kept 30 days (the mail confirming an account's deletion). */
  forget_when_sent: Generated<boolean>;
}

/** A member's notification preferences (migration 0022): no row, every default. */
export interface NotificationPreferencesTable {
  user_id: number;
  in_app: Generated<boolean>;
  push: Generated<boolean>;
  email: Generated<boolean>;
  email_mode: Generated<'immediat' | 'hebdo'>;
  updated_at: Date;
}

/** The weekly digests sent: one per member and Sunday. */
export interface NotificationDigestsTable {
  user_id: number;
  week: string;
  sent_at: Date;
}

/** Failed sign-ins per account (or per unknown login), for the slow-down (migration 0011). */
export interface SigninFailuresTable {
  login: string;
  failures: number;
  last_failure_at: Date;
}

/** Devices that signed in before (a random token they keep, stored hashed): spared by the slow-down. */
export interface KnownDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: Date;
  last_used_at: Date;
}

export interface Database {
  ref_badges: RefBadgesTable;
  user_badges: UserBadgesTable;
  user_actions: UserActionsTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  email_changes: EmailChangesTable;
  user_totp: UserTotpTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  maintenance_cards: MaintenanceCardsTable;
  maintenance_steps: MaintenanceStepsTable;
  maintenance_agents: MaintenanceAgentsTable;
  events: EventsTable;
  calendar_feeds: CalendarFeedsTable;
  ref_universes: RefUniversesTable;
  ref_products: RefProductsTable;
  reference_data: ReferenceDataTable;
  foyers: FoyersTable;
  foyer_members: FoyerMembersTable;
  foyer_invitations: FoyerInvitationsTable;
  dossier_jobs: DossierJobsTable;
  dossier_shares: DossierSharesTable;
  appliance_labels: ApplianceLabelsTable;
  recall_runs: RecallRunsTable;
  recall_sheets: RecallSheetsTable;
  appliance_recalls: ApplianceRecallsTable;
  universes: UniversesTable;
  appliances: AppliancesTable;
  temp_files: TempFilesTable;
  audit_log: AuditLogTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  mail_queue: MailQueueTable;
  notification_preferences: NotificationPreferencesTable;
  notification_digests: NotificationDigestsTable;
  signin_failures: SigninFailuresTable;
  known_devices: KnownDevicesTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type UniverseRow = Selectable<UniversesTable>;
export type ApplianceRow = Selectable<AppliancesTable>;
export type RefProductRow = Selectable<RefProductsTable>;
export type RefUniverseRow = Selectable<RefUniversesTable>;
export type EventRow = Selectable<EventsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
