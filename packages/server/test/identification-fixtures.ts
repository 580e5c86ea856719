import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** How the fixture server behaves: answers from the files, answers too late, or fails. */
export type FixtureMode = 'ok' | 'slow' | 'error';

export interface IdentificationFixtures {
  /** EPREL_API_URL and OPF_API_URL for a server that asks this one. */
  eprelUrl: string;
  opfUrl: string;
  /** The paths asked, in order (with their query). */
  requests: { path: string; headers: IncomingMessage['headers'] }[];
  mode: FixtureMode;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, file: string | null, body?: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(file ? readFileSync(file) : JSON.stringify(body ?? {}));
}

/**
 * EPREL's public API and Open Products Facts on a local port, answering with the
 * hand-written records of test/fixtures/eprel and test/fixtures/opf (README.md there says where their
 * format comes from). `GET /eprel/api/product/{n}` answers eprel/{n}.json; `/products/{group}/{n}`
 * eprel/{group}-{n}.json, else eprel/{n}.json when its group is that one; `GET /opf/api/v2/product/
 * {ean}.json` answers opf/{ean}.json. Anything else is a 404, as the real services answer an unknown
 * number.
 */
export async function startIdentificationFixtures(): Promise<IdentificationFixtures> {
  const state = { mode: 'ok' as FixtureMode };
  const requests: IdentificationFixtures['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    if (state.mode === 'error') return json(res, 502, null, { message: 'Bad gateway' });
    // Answers after any client's patience: the server's timeout must end the lookup.
    if (state.mode === 'slow') return void setTimeout(() => json(res, 404, null), 5_000).unref();
    const url = new URL(req.url ?? '/', 'http://fixtures');
    const product = /^\/eprel\/api\/product\/(\d+)$/.exec(url.pathname);
    const grouped = /^\/eprel\/api\/products\/([a-z0-9]+)\/(\d+)$/.exec(url.pathname);
    const opf = /^\/opf\/api\/v2\/product\/(\d+)\.json$/.exec(url.pathname);
    if (product) {
      const file = path.join(FIXTURES, 'eprel', `${product[1]}.json`);
      return existsSync(file) ? json(res, 200, file) : json(res, 404, null, { message: 'Product not found' });
    }
    if (grouped) {
      const own = path.join(FIXTURES, 'eprel', `${grouped[1]}-${grouped[2]}.json`);
      const plain = path.join(FIXTURES, 'eprel', `${grouped[2]}.json`);
      if (existsSync(own)) return json(res, 200, own);
      if (existsSync(plain) && JSON.parse(readFileSync(plain, 'utf8')).productGroup === grouped[1]) return json(res, 200, plain);
      return json(res, 404, null, { message: 'Product not found' });
    }
    if (opf) {
      const file = path.join(FIXTURES, 'opf', `${opf[1]}.json`);
      return existsSync(file)
        ? json(res, 200, file)
        : json(res, 404, null, { code: opf[1], status: 0, status_verbose: 'product not found' });
    }
    json(res, 404, null);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    eprelUrl: `${base}/eprel/api`,
    opfUrl: `${base}/opf`,
    requests,
    get mode() {
      return state.mode;
    },
    set mode(mode: FixtureMode) {
      state.mode = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
