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

export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: number;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: Date;
  count: number;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limits: RateLimitsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
