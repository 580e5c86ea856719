/**
 * A household's key and a person's id are both numbers, and mixing them is how one household's data
 * reaches another: each gets its own type. A `FoyerId` comes from the access check (`foyerOf`), from
 * a membership, or from a row's household column; a `UserId` from the access token. A `UserId` is not
 * a `FoyerId` (ids.test-d.ts proves the type checker refuses one for the other); both are still numbers
 * for SQL, JSON and arithmetic.
 */
declare const brand: unique symbol;
export type FoyerId = number & { readonly [brand]: 'FoyerId' };
export type UserId = number & { readonly [brand]: 'UserId' };

/** A household key read from where only household keys are (a household row's `foyer_id`, a membership's). */
export const asFoyerId = (id: number): FoyerId => id as FoyerId;
/** A person's id read from where only people are (a token, `users.id`, a member's row). */
export const asUserId = (id: number): UserId => id as UserId;
