import { API_MSG, MSG } from '@ecofoyer/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/client.ts';
import { isDiskFull, isReadOnly } from './disk.ts';
import { HttpError } from './errors.ts';

/**
 * One error handler: 4xx messages pass through in French, validation issues are listed under
 * `errors`, 5xx details are logged with the request id and never sent.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.validation) {
      const errors = error.validation.map((issue) => ({
        path: [
          error.validationContext,
          ...String(issue.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ]
          .filter(Boolean)
          .join('.'),
        message: issue.message ?? API_MSG.invalidInput,
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? API_MSG.invalidInput, code: 'VALIDATION', errors });
    }
    // PostgreSQL "data exception" (SQLSTATE class 22): a value the database cannot hold — an id past
    // int4, a NUL character in a text, a date before 4713 BC. The input is wrong, not the server.
    if (/^22[0-9A-Z]{3}$/.test(String((error as { code?: unknown }).code))) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.code(400).send({ message: API_MSG.invalidInput, code: 'INVALID_VALUE' });
    }
    // The data folder's disk is full or mounted read-only: said in French, nothing was saved (a
    // file's partial write is removed by the store; the row it belonged to was never written).
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full');
      return reply.code(507).send({ message: API_MSG.diskFull, code: 'DISK_FULL' });
    }
    if (isReadOnly(error)) {
      request.log.error({ err: error }, 'disk read-only');
      return reply.code(503).header('retry-after', '30').send({ message: API_MSG.diskReadOnly, code: 'READ_ONLY' });
    }
    // The database is down or restarting: a French 503 the client may retry, not a 500.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: API_MSG.dbUnavailable, code: 'DATABASE_UNAVAILABLE' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: MSG.serverError, code: 'INTERNAL' });
    }
    request.log.info({ code: error.code, status }, error.message);
    const known: Record<string, [string, string]> = {
      FST_ERR_CTP_INVALID_JSON_BODY: [API_MSG.invalidJson, 'INVALID_JSON'],
      FST_ERR_CTP_EMPTY_JSON_BODY: [API_MSG.invalidJson, 'INVALID_JSON'],
      FST_ERR_CTP_BODY_TOO_LARGE: [API_MSG.payloadTooLarge, 'PAYLOAD_TOO_LARGE'],
      FST_ERR_CTP_INVALID_MEDIA_TYPE: [API_MSG.unsupportedMedia, 'UNSUPPORTED_MEDIA_TYPE'],
      FST_REQ_FILE_TOO_LARGE: [API_MSG.fileTooLarge, 'FILE_TOO_LARGE'],
      FST_FILES_LIMIT: [API_MSG.invalidInput, 'TOO_MANY_FILES'],
      FST_PARTS_LIMIT: [API_MSG.invalidInput, 'TOO_MANY_PARTS'],
      FST_FIELDS_LIMIT: [API_MSG.invalidInput, 'TOO_MANY_FIELDS'],
      FST_INVALID_MULTIPART_CONTENT_TYPE: [API_MSG.unsupportedMedia, 'UNSUPPORTED_MEDIA_TYPE'],
    };
    const [message, code] = known[error.code] ?? [
      status === 413
        ? API_MSG.payloadTooLarge
        : status === 415
          ? API_MSG.unsupportedMedia
          : status === 429
            ? API_MSG.tooManyRequests
            : API_MSG.invalidInput,
      error.code ?? 'BAD_REQUEST',
    ];
    return reply.code(status).send({ message, code });
  });
}
