import type { AnswerSchema } from './api-client.ts';

/**
 * A form's errors from the contract's zod schema, the one the server validates the same payload with:
 * the first message of each field, keyed as the form's fields are.
 */
export function schemaErrors(schema: AnswerSchema, payload: unknown): Record<string, string> {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues as { path: PropertyKey[]; message: string }[]) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
