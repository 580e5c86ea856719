import { API_MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, storedFiles, type TestApp } from '../../../test/test-app.ts';
import { HTML, multipart, PNG, pngDeclaring } from '../../../test/multipart.ts';

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  me = await signedInUser(t, 'moi@exemple.fr');
});
afterAll(async () => {
  await t.app.close();
});

async function uploadTemp(data: Buffer) {
  const body = await multipart({ file: { filename: 'x.png', data } });
  return t.app.inject({ method: 'POST', url: '/api/V1/files/public', headers: { ...me.headers, ...body.headers }, payload: body.payload });
}

describe('files', () => {
  it('keeps a temporary upload behind a signed, expiring URL, then purges it after 24 h', async () => {
    const res = await uploadTemp(PNG);
    expect(res.statusCode).toBe(201);
    const { fileUrl } = res.json().data;
    expect(fileUrl).toMatch(/^\/api\/V1\/files\/tmp\/\d+\/[\w-]+\.png\?exp=\d+&sig=[\w-]+$/);
    expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(200);

    const tampered = fileUrl.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(403);
    const otherKey = fileUrl.replace(/tmp\/\d+\//, 'tmp/999/');
    expect((await t.app.inject({ url: otherKey })).json().message).toBe(API_MSG.fileLinkInvalid);
    expect((await t.app.inject({ url: fileUrl.split('?')[0] })).statusCode).toBe(400);

    t.clock.advance(3 * 3_600_000);
    expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(403);

    const before = storedFiles(t).length;
    t.clock.advance(22 * 3_600_000);
    expect(await t.app.services.files.purgeTemporary()).toBe(1);
    expect(storedFiles(t).length).toBe(before - 1);
  });

  it('refuses a non-image, a path trick and an anonymous upload', async () => {
    me = await signedInUser(t, 'moi@exemple.fr'); // the clock moved on: a fresh token
    expect((await uploadTemp(HTML)).statusCode).toBe(415);
    expect((await t.app.inject({ url: '/api/V1/files/../../etc/passwd.png?exp=9999999999&sig=abc' })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    const body = await multipart({ file: { filename: 'x.png', data: PNG } });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/V1/files/public', headers: body.headers, payload: body.payload })).statusCode,
    ).toBe(401);
  });
});

describe('serving', () => {
  it('serves a user file in a sandbox: opened directly, nothing in it can run as the app', async () => {
    const { fileUrl } = (await uploadTemp(PNG)).json().data;
    const res = await t.app.inject({ url: fileUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('image size', () => {
  it('refuses an image declaring more than 40 megapixels from its header, before any decoding (decompression bomb)', async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    const res = await uploadTemp(bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: API_MSG.imageTooManyPixels });
    // Just under the limit is an ordinary photo size.
    expect((await uploadTemp(pngDeclaring(6000, 4000))).statusCode).toBe(201);
  });
});
