/**
 * The typecheck fails when the hand-refined table types (`schema.ts`: JSON shapes, insert and update
 * rules, comments) drift from the database the migrations make (`schema.generated.ts`):
 * a table or a column on one side only, a column nullable on one side only, or a column of
 * another kind (text, number, date, boolean; JSON columns are refined by hand and only checked for
 * presence and nullability). When it fails, the error lists the drift as `table.column: what`.
 */
import type { Selectable } from 'kysely';
import type { DB } from './schema.generated.ts';
import type { Database, Retired } from './schema.ts';

type Kind<T> = [NonNullable<T>] extends [Date]
  ? 'date'
  : [NonNullable<T>] extends [boolean]
    ? 'boolean'
    : [NonNullable<T>] extends [number]
      ? 'number'
      : [NonNullable<T>] extends [string]
        ? 'text'
        : 'json';
type Nullable<T> = null extends T ? 'nullable' : 'not null';

/** The columns of `T` the code no longer uses (schema.ts `Retired`): expected in the database only. */
type RetiredOf<T> = T extends keyof Retired ? Retired[T] : never;

type ColumnDrift<T extends keyof DB & keyof Database> = {
  [C in Exclude<keyof Selectable<DB[T]>, RetiredOf<T>> | keyof Selectable<Database[T]>]: C extends keyof Selectable<Database[T]>
    ? C extends keyof Selectable<DB[T]>
      ? Kind<Selectable<DB[T]>[C]> extends 'json'
        ? never
        : Nullable<Selectable<DB[T]>[C]> extends Nullable<Selectable<Database[T]>[C]>
          ? Kind<Selectable<DB[T]>[C]> extends Kind<Selectable<Database[T]>[C]>
            ? never
            : `${T}.${C & string}: ${Kind<Selectable<Database[T]>[C]>} in schema.ts, ${Kind<Selectable<DB[T]>[C]>} in the database`
          : `${T}.${C & string}: ${Nullable<Selectable<Database[T]>[C]>} in schema.ts, ${Nullable<Selectable<DB[T]>[C]>} in the database`
      : `${T}.${C & string}: in schema.ts, not in the database`
    : `${T}.${C & string}: in the database, not in schema.ts`;
}[Exclude<keyof Selectable<DB[T]>, RetiredOf<T>> | keyof Selectable<Database[T]>];

export type SchemaDrift =
  | { [T in keyof DB & keyof Database]: ColumnDrift<T> }[keyof DB & keyof Database]
  | `${Exclude<keyof DB, keyof Database>}: a table of the database, not in schema.ts`
  | `${Exclude<keyof Database, keyof DB>}: in schema.ts, not a table of the database`;

/** Does not compile while there is any drift: « Type '"users.adresse: …"' does not satisfy the constraint 'never' ». */
type NoDrift<T extends never> = T;
export type Checked = NoDrift<SchemaDrift>;
