import { API_MSG, ErrorBody, UploadedFile } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/route-access.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isSafeKey } from '../../lib/file-store.ts';
import { CONTENT_TYPES, readMultipart, requireFile } from '../../lib/uploads.ts';

/** API.md "Files". */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { files } = app.services;

  app.post(
    '/public',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['files'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: UploadedFile, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (req, reply) => {
      const { userId } = currentUser(req);
      const file = requireFile(await readMultipart(req));
      return reply.code(201).send({ data: { fileUrl: await files.uploadTemporary(userId, file.buffer) } });
    },
  );

  // No bearer: the signature in the query is the permission (so <img src> works).
  app.get(
    '/*',
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().min(1).max(100) }),
      },
    },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!isSafeKey(key) || !files.verify(key, req.query.exp, req.query.sig))
        throw forbidden(API_MSG.fileLinkInvalid, 'FILE_LINK_INVALID');
      const file = await files.open(key);
      if (!file) throw notFound();
      const ext = key.slice(key.lastIndexOf('.') + 1);
      const maxAge = Math.max(0, req.query.exp - Math.floor(Date.now() / 1000));
      return (
        reply
          .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
          .header('content-length', file.size)
          .header('cache-control', `private, max-age=${maxAge}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          // A user's file is never a page of the app: opened directly, a PDF's scripts or an image's
          // markup run in an opaque origin with nothing allowed. The app draws PDFs with pdf.js.
          .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'")
          .send(file.stream)
      );
    },
  );
};
