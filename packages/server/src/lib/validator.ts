import { API_MSG } from '@ecofoyer/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * zod's own issue texts are English ("Invalid input: expected number…"): an issue the schema
 * gives no French message for reads API_MSG.invalidInput; `errors[].path` still names the field.
 */
export const FRENCH_ISSUES = { error: () => API_MSG.invalidInput };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * Text as UTF-8 can store it: a lone surrogate ("\ud800", which JSON allows and PostgreSQL's text and
 * jsonb refuse) becomes U+FFFD, so a hostile login cannot break the audit insert. Valid
 * text is returned untouched (same string, same bytes: passwords hash as before).
 */
export function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? value.replace(LONE_SURROGATES, '\uFFFD') : value;
  if (value === null || typeof value !== 'object') return value;
  // Copied only when something inside changes: every request passes here (hot path).
  if (Array.isArray(value)) {
    const items = value.map(wellFormed);
    return items.some((v, i) => v !== value[i]) ? items : value;
  }
  if (![Object.prototype, null].includes(Object.getPrototypeOf(value))) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(record)) {
    const next = wellFormed(record[key]);
    if (next !== record[key]) (copy ??= { ...record })[key] = next;
  }
  return copy ?? value;
}

/** Request validator (the library's parses without options, so its messages stay English). */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(wellFormed(data), FRENCH_ISSUES);
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: '',
        params: {},
        message: issue.message,
      })),
    };
  };
