import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import { freshSchemaUrl, type ServerProcess, startServer, tempDataDir } from '../packages/server/test/server-process.ts';
import { launchBrowser, PASSWORD, PHONE, visible } from './helpers.ts';

/**
 * The server as production runs it (lighter and quicker to start): `npm run build` compiles it to
 * JavaScript, and `node dist/main.js` serves the app with no TypeScript loader. The other browser
 * tests run the server from its sources in the test process; this one starts the built one as its
 * own process, on a fresh database, and uses it as a visitor would.
 */
let browser: Browser;
let server: ServerProcess;
let schema: Awaited<ReturnType<typeof freshSchemaUrl>> | null = null;
const dataDir = tempDataDir('built');

beforeAll(async () => {
  schema = process.env.DATABASE_URL ? await freshSchemaUrl(process.env.DATABASE_URL, 'built') : null;
  server = await startServer(
    {
      DATA_DIR: dataDir,
      DEMO: 'true',
      WEB_DIST: path.join(REPO_ROOT, 'packages/web/dist'),
      ...(schema ? { DATABASE_URL: schema.url } : {}),
    },
    { built: true },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await schema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server (node dist/main.js)', () => {
  it('runs without a TypeScript loader and serves the API, its reference data and the app: the DEMO household opens', async () => {
    expect(server.child.spawnargs.join(' ')).toContain('packages/server/dist/main.js');
    expect(server.child.spawnargs.join(' ')).not.toContain('tsx');
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok', db: 'ok', disk: 'ok' });
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Démo' }).click();
    await page.waitForURL(/\/home$/);
    await visible(page, 'Compte de démonstration : ce foyer est le vôtre seul');
    // The inventory with its pictures (the demo's assets are copied beside the built code).
    await page.goto('/inventaire');
    await expect.poll(() => page.getByTestId('appliance-card').count()).toBe(12);
    // An account of one's own, and the assistant's knowledge base read beside the built code.
    const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const email = `construit-${Date.now()}@exemple.fr`;
    expect(
      (await fetch(`${server.url}/api/auth/signup`, json({ firstname: 'Camille', lastname: 'Durand', email, password: PASSWORD }))).status,
    ).toBe(201);
    const signin = await (await fetch(`${server.url}/api/auth/signin`, json({ username: email, password: PASSWORD }))).json();
    const ask = await fetch(`${server.url}/api/V1/mia/question`, {
      ...json({ userQuestion: 'le tambour ne tourne plus et ça sent le brûlé', productName: 'Lave-linge' }),
      headers: { authorization: `Bearer ${signin.accessToken}`, 'content-type': 'application/json' },
    });
    expect(ask.status).toBe(200);
    expect((await ask.json()).urgence.type).toBe('fumee');
    await context.close();
  });
});
