import { PassThrough } from 'node:stream';
import { createGzip, Gzip } from 'node:zlib';
import {
  ErrorBody,
  IMPORT_MAX_CHARS,
  IMPORT_PROGRESS_TYPE,
  InventoryImportAnswer,
  InventoryImportBody,
  InventoryImportLast,
  type InventoryImportLine,
  type InventoryImportProgress,
  MSG,
} from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, foyerOf } from '../../lib/route-access.ts';
import { HttpError } from '../../lib/errors.ts';
import { validatorCompiler } from '../../lib/validator.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const RESULT_HEAD = Buffer.from('{"resultat":');
const RESULT_TAIL = Buffer.from('}\n');
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };

/** CSV files (`/api/V1/profils/users`): the household's appliances and maintenance as CSV files to download. */
export const inventoryCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inventoryCsv } = app.services;
  const common = { tags: ['export'], security: [{ bearer: [] }] };

  for (const what of ['appareils', 'entretiens'] as const) {
    app.get(
      `/:userId/export/${what}.csv`,
      { config: { access: 'foyer:read' }, schema: { ...common, params: UserParams, response: { 200: z.string(), ...errors } } },
      async (req, reply) => {
        const foyerId = foyerOf(req);
        const body = what === 'appareils' ? await inventoryCsv.appliances(foyerId) : await inventoryCsv.maintenance(foyerId);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${inventoryCsv.fileName(what)}"`)
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );
  }

  // The last import that wrote, as any member finds it after a reload: running (with its progress), done or failed.
  app.get(
    '/:userId/import/appareils/dernier',
    {
      config: { access: 'foyer:read' },
      schema: { ...common, params: UserParams, response: { 200: InventoryImportLast, 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      const last = await inventoryCsv.lastImport(foyerOf(req));
      reply.header('cache-control', 'no-store');
      return last ? reply.send(last) : reply.code(204).send(null);
    },
  );

  // The import's body (a 4 MB file in a JSON string) is kept as the bytes the client sent: parsing it,
  // checking its text and the file all happen on the job pool's thread (inventory-import.ts, `importJob`).
  // In this plugin's scope only; the access check has refused a stranger before any byte is read.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post(
    '/:userId/import/appareils',
    {
      config: { access: 'foyer:write' },
      // The file's text (5 MB at most: a full export of 10,000 appliances is about 3 MB) in JSON,
      // its quotes and line ends escaped.
      bodyLimit: IMPORT_MAX_CHARS + 1024 * 1024,
      // The body's schema documents it (OpenAPI) and the job checks it (`importJob`): here it is bytes.
      validatorCompiler: (route) => (route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as never)),
      schema: {
        ...common,
        description: `With \`Accept: ${IMPORT_PROGRESS_TYPE}\`: one JSON object a line (InventoryImportLine), progress then \`{"resultat": …}\` or \`{"erreur": {"message"}}\`.`,
        params: UserParams,
        body: InventoryImportBody,
        response: { 200: InventoryImportAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const foyerId = foyerOf(req);
      const body = req.body as unknown as Buffer;
      const run = (onProgress?: (line: InventoryImportProgress) => void) =>
        inventoryCsv.importAppliances(foyerId, body, currentUser(req).userId, onProgress);
      // The answer as the thread serialised it (the schema's shape, checked by the tests): 10,000
      // lines through the schema and JSON.stringify held the event loop.
      if (!req.headers.accept?.includes(IMPORT_PROGRESS_TYPE))
        return reply.type('application/json; charset=utf-8').send((await run()) as never);
      // The answer starts with the first progress line: an error before it (a file without the
      // needed columns) is the JSON 400 every client gets; after it, the stream's last line.
      // Compressed here, each line flushed as it is written (the app's compression would hold them back):
      // the last line lists every row, about 770 KB for 10,000 rows before gzip, 80 KB after.
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      const lines = gzip ? createGzip() : new PassThrough();
      // A client gone mid-import closes the stream; the import goes on (as the JSON answer's would).
      lines.on('error', () => undefined);
      let started = false;
      const send = (line: InventoryImportLine | Buffer) => {
        if (!started) {
          reply
            .code(200)
            .type(`${IMPORT_PROGRESS_TYPE}; charset=utf-8`)
            .header('cache-control', 'no-store')
            .header('vary', 'accept-encoding');
          if (gzip) reply.header('content-encoding', 'gzip');
          // A stream goes out as it is: the 200 schema is the JSON answer's (and each line's `resultat`).
          reply.send(lines as never);
        }
        started = true;
        if (lines.destroyed) return;
        // The last line wraps the answer's bytes as they came from the thread: `{"resultat": …}`.
        if (Buffer.isBuffer(line)) lines.write(Buffer.concat([RESULT_HEAD, line, RESULT_TAIL]));
        else lines.write(`${JSON.stringify(line)}\n`);
        if (lines instanceof Gzip) lines.flush();
      };
      try {
        send(await run(send));
      } catch (error) {
        if (!started) throw error;
        const told = error instanceof HttpError && error.statusCode < 500;
        req.log[told ? 'info' : 'error']({ err: error }, 'import failed after its progress began');
        send({ erreur: { message: told ? error.message : MSG.importFailed } });
      }
      lines.end();
      return reply;
    },
  );
};
