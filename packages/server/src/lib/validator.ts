import { MSG } from '@ecofoyer/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * zod's own issue texts are English ("Invalid input: expected number…"): an issue the schema
 * gives no French message for reads MSG.invalidInput; `errors[].path` still names the field.
 */
export const FRENCH_ISSUES = { error: () => MSG.invalidInput };

/** Request validator (the library's parses without options, so its messages stay English). */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => (data) => {
  const result = schema.safeParse(data, FRENCH_ISSUES);
  if (result.success) return { value: result.data };
  return {
    error: result.error.issues.map((issue) => ({ keyword: issue.code, instancePath: `/${issue.path.join('/')}`, schemaPath: '', params: {}, message: issue.message })),
  };
};
