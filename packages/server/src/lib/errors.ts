import { API_MSG, MSG } from '@ecofoyer/contracts';
import { FRENCH_ISSUES } from './validator.ts';

/**
 * A failure with its HTTP status and the French message the user reads (API.md error format).
 * An expected answer, not a bug: it carries no stack trace, whose capture was the largest cost of
 * refusing a request (a flood of refused sign-ins).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: { path: string; message: string }[],
    /** Headers of the answer (a 429's Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export const badRequest = (message: string = API_MSG.invalidInput, code = 'BAD_REQUEST') => new HttpError(400, code, message);
export const unauthorized = (message: string = MSG.unauthorized, code = 'UNAUTHORIZED') => new HttpError(401, code, message);
export const forbidden = (message: string = API_MSG.forbidden, code = 'FORBIDDEN') => new HttpError(403, code, message);
export const notFound = (message: string = API_MSG.notFound, code = 'NOT_FOUND') => new HttpError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, code, message);
export const serviceUnavailable = (message: string, code = 'UNAVAILABLE') => new HttpError(503, code, message);
export const tooManyRequests = (message: string = API_MSG.tooManyRequests, retryAfterSeconds?: number) =>
  new HttpError(
    429,
    'RATE_LIMITED',
    message,
    undefined,
    retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) },
  );

/**
 * Validates a value that did not come through Fastify's schema (multipart fields, a JSON part, a body
 * parsed on a job's thread); `within` names where it came from in the paths (`body`: `body.contenu`, as
 * the route's own validation says).
 */
export function parseOrThrow<S extends import('zod').ZodType>(schema: S, value: unknown, within?: string): import('zod').output<S> {
  const result = schema.safeParse(value, FRENCH_ISSUES);
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({ path: [...(within ? [within] : []), ...i.path].join('.'), message: i.message }));
  throw new HttpError(400, 'VALIDATION', errors[0]?.message ?? API_MSG.invalidInput, errors);
}
