import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_KINDS, type FileKind } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniff } from '../lib/uploads.ts';
import { HTML, JPEG, multipart, PDF, PNG, WEBP } from '../../test/multipart.ts';
import { blankImage, plateImage } from '../../test/plate-image.ts';
import { createTestApp, signedInUser, storedFiles, type TestApp } from '../../test/test-app.ts';
import { type ApiRoute, fillUrl, routeTable } from '../../test/security/route-table.ts';

/**
 * Upload hardening, beyond files.test.ts and appliances.test.ts (HTML and PDF-as-image
 * refused, 10 MB limit, anonymous upload): markup and polyglots on every upload route, hostile
 * file names, and how stored files are served.
 */

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInUser>>;
let routes: ApiRoute[];
let universeId: number;
let applianceId: number;
let claimId: number;
let productId: number;

const users = (id: number) => `/api/V1/profils/users/${id}`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

beforeAll(async () => {
  t = await createTestApp();
  routes = await routeTable(t);
  me = await signedInUser(t, 'televerse@exemple.fr');
  productId = (
    (await t.app.inject({ url: '/api/V1/references/refproducts', headers: me.headers })).json() as { id: number; prodName: string }[]
  ).find((p) => p.prodName === 'Lave-linge')!.id;
  const u = await multipart({ name: 'Buanderie' });
  universeId = (
    await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/foyers/univers`,
      headers: { ...me.headers, ...u.headers },
      payload: u.payload,
    })
  ).json().univer_id;
  const a = await multipart({ data: JSON.stringify({ prod_id: productId, marque: 'Bosch', modele: 'X' }) });
  applianceId = (
    await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/foyers/univers/${universeId}/appliances`,
      headers: { ...me.headers, ...a.headers },
      payload: a.payload,
    })
  ).json().id;
  claimId = (
    await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/demarches`,
      headers: me.headers,
      payload: { applianceId, voie: 'garantie-legale', defaut: 'Ne démarre plus' },
    })
  ).json().id;
});
afterAll(async () => {
  await t.app.close();
});

/** The text fields each upload route needs beside the file, and the kind of file it takes. */
const UPLOADS: Record<string, { kind: FileKind; fields: () => Record<string, string> }> = {
  'POST /api/V1/files/public': { kind: 'image', fields: () => ({}) },
  'POST /api/V1/profils/users/:userId/foyers/univers': { kind: 'image', fields: () => ({ name: 'Cellier' }) },
  'PUT /api/V1/profils/users/:userId/foyers/univers/:id': { kind: 'image', fields: () => ({ name: 'Cellier' }) },
  'POST /api/V1/profils/users/:userId/foyers/univers/:id/appliances': {
    kind: 'image',
    fields: () => ({ data: JSON.stringify({ prod_id: productId, marque: 'Bosch', modele: 'X' }) }),
  },
  'PUT /api/V1/profils/users/foyers/univers/appliances/:id/image': { kind: 'image', fields: () => ({}) },
  'PUT /api/V1/profils/users/foyers/univers/appliances/:id/facture': { kind: 'invoice', fields: () => ({}) },
  'PUT /api/V1/profils/users/foyers/univers/appliances/:id/notice': { kind: 'manual', fields: () => ({}) },
  // A claim's document is checked as an invoice is.
  'POST /api/V1/profils/users/:userId/demarches/:id/pieces': { kind: 'invoice', fields: () => ({}) },
};

function uploadRoutes(): ApiRoute[] {
  return routes.filter((r) => r.multipart);
}

function upload(route: ApiRoute, data: Buffer, filename = 'fichier.png') {
  const id = route.url.includes('/demarches/:id') ? claimId : route.url.includes('/appliances/:id') ? applianceId : universeId;
  const url = fillUrl(route.url, { userId: me.id, id });
  return multipart({ ...UPLOADS[route.key]!.fields(), file: { filename, data, type: 'image/png' } }).then((body) =>
    t.app.inject({ method: route.method as 'POST', url, headers: { ...me.headers, ...body.headers }, payload: body.payload }),
  );
}

const SVG = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
const SVG_NO_PROLOG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api")</script></svg>');
const GIF_JS = Buffer.concat([
  Buffer.from('GIF89a/*'),
  Buffer.from([0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0x00, 0x2c]),
  Buffer.from('*/=alert(document.domain);//'),
  Buffer.from([0x3b]),
]);
const PNG_HTML = Buffer.concat([PNG, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
const PNG_JS = Buffer.concat([PNG, Buffer.from('\n/*/=1;alert(document.domain)//*/')]);
/** A JPEG whose comment segment (FF FE) holds a script: valid JPEG, and HTML to a sniffing browser. */
const JPEG_COMMENT = (() => {
  const payload = Buffer.from('<script>alert(document.domain)</script>');
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, payload.length + 2]), payload]);
  return Buffer.concat([JPEG.subarray(0, 2), segment, JPEG.subarray(2)]);
})();
const PDF_HTML = Buffer.concat([PDF, Buffer.from('<!doctype html><html><script>alert(1)</script></html>')]);
const WEBP_TRAILING = Buffer.concat([WEBP, Buffer.from('<script>alert(1)</script>')]);

describe('upload hardening', () => {
  it('knows the fields and kind of every upload route of the table', () => {
    const keys = uploadRoutes().map((r) => r.key);
    expect(
      keys.filter((k) => !UPLOADS[k]),
      'upload routes with no hardening case',
    ).toEqual([]);
    expect(
      Object.keys(UPLOADS).filter((k) => !keys.includes(k)),
      'cases of routes that are gone',
    ).toEqual([]);
  });

  it('refuses SVG, HTML and polyglots with 415 on every upload route, storing nothing', async () => {
    const hostile: [string, Buffer][] = [
      ['SVG with a script', SVG],
      ['SVG without prolog', SVG_NO_PROLOG],
      ['HTML', HTML],
      ['GIF/JavaScript polyglot', GIF_JS],
      ['PNG with trailing HTML', PNG_HTML],
      ['PNG with trailing JavaScript', PNG_JS],
      ['JPEG with a script in its comment', JPEG_COMMENT],
      ['WebP with trailing HTML', WEBP_TRAILING],
      ['PDF with trailing HTML', PDF_HTML],
    ];
    const files = storedFiles(t).length;
    const rows = async () =>
      (
        await t.db
          .selectFrom('appliances')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await rows();
    const failures: string[] = [];
    for (const route of uploadRoutes()) {
      for (const [name, data] of hostile) {
        const res = await upload(route, data, 'image.png');
        if (res.statusCode !== 415) failures.push(`${route.key} accepted ${name}: ${res.statusCode}`);
        else expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: expect.stringContaining('Format non accepté') });
      }
    }
    expect(failures).toEqual([]);
    expect(storedFiles(t).length).toBe(files);
    expect(await rows()).toBe(before);
  });

  it('still accepts the real files of the app: test fixtures, demo files, the web icons, rating plates', async () => {
    const demo = path.join(root, 'packages/server/src/db/demo-assets');
    const real: [string, Buffer][] = [
      ['PNG', PNG],
      ['JPEG', JPEG],
      ['WebP', WEBP],
      ['PDF', PDF],
      ['plate', await plateImage(['BOSCH', 'Model: WAT28449FF'])],
      ['blank', await blankImage()],
      ...readdirSync(demo).map((f): [string, Buffer] => [f, readFileSync(path.join(demo, f))]),
      ...['icon-192.png', 'icon-512.png', 'icon-maskable-512.png'].map((f): [string, Buffer] => [
        f,
        readFileSync(path.join(root, 'packages/web/public/icons', f)),
      ]),
    ];
    for (const [name, data] of real) {
      const kind: FileKind = name.endsWith('.pdf') || name === 'PDF' ? 'manual' : 'image';
      const { mime } = await sniff(data, kind);
      expect(FILE_KINDS[kind] as readonly string[], name).toContain(mime);
    }
  });

  it('stores a file whatever its name, under a key of its own: path traversal in the name does nothing', async () => {
    const names = [
      '../../../../../../tmp/ecofoyer-evil.png',
      '..\\..\\..\\ecofoyer-evil.png',
      '/etc/ecofoyer-evil.png',
      'a/../../ecofoyer-evil.png',
      '%2e%2e%2fecofoyer-evil.png',
      'nul\u0000.png',
      `${'x'.repeat(300)}.png`,
      'ü<script>.png',
    ];
    const route = routes.find((r) => r.key === 'POST /api/V1/files/public')!;
    for (const name of names) {
      const res = await upload(route, PNG, name);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().data.fileUrl).toMatch(new RegExp(`^/api/V1/files/tmp/${me.id}/[0-9a-f-]{36}\\.png\\?exp=\\d+&sig=[\\w-]+$`));
    }
    const picture = routes.find((r) => r.key === 'PUT /api/V1/profils/users/foyers/univers/appliances/:id/image')!;
    expect((await upload(picture, PNG, '../../../ecofoyer-evil.png')).json().pict).toMatch(
      new RegExp(`^/api/V1/files/users/${me.id}/[0-9a-f-]{36}\\.png\\?`),
    );
    for (const file of storedFiles(t)) expect(file).toMatch(/^(tmp|users)\/\d+\/[0-9a-f-]{36}\.(png|jpg|webp|pdf)$/);
    for (const dir of [t.dataDir, path.dirname(t.dataDir), tmpdir(), '/etc', '/'])
      expect(existsSync(path.join(dir, 'ecofoyer-evil.png')), dir).toBe(false);
  });

  it('serves files only through their signed URL, typed, with nosniff and a content disposition', async () => {
    const body = async (segment: string, data: Buffer) => {
      const form = await multipart({ file: { filename: 'f', data } });
      return t.app.inject({
        method: 'PUT',
        url: `/api/V1/profils/users/foyers/univers/appliances/${applianceId}/${segment}`,
        headers: { ...me.headers, ...form.headers },
        payload: form.payload,
      });
    };
    const picture = (await body('image', PNG)).json().pict as string;
    const invoice = (await body('facture', PDF)).json().facture as string;
    for (const [url, type, data] of [
      [picture, 'image/png', PNG],
      [invoice, 'application/pdf', PDF],
    ] as const) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-disposition']).toMatch(/^(inline|attachment)\b/);
        expect(res.headers['cache-control']).toMatch(/^private\b/);
        if (method === 'GET') expect(res.rawPayload.equals(data)).toBe(true);
      }
      // The key alone, or under another prefix, never gives the bytes.
      const key = url.split('?')[0]!.replace('/api/V1/files/', '');
      for (const bare of [
        `/api/V1/files/${key}`,
        `/files/${key}`,
        `/data/files/${key}`,
        `/${key}`,
        `/api/V1/files/${key}?exp=9999999999`,
      ]) {
        const res = await t.app.inject({ url: bare });
        expect(res.rawPayload.equals(data), bare).toBe(false);
        if (bare.startsWith('/api/')) expect(res.statusCode, bare).toBeGreaterThanOrEqual(400);
      }
    }
  });
});
