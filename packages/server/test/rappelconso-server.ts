import { readdirSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/rappelconso');
const RECORDS = '/api/explore/v2.1/catalog/datasets/rappelconso-v2-gtin-espaces/records';

interface Page {
  total_count: number;
  results: unknown[];
}

/**
 * A local stand-in for data.economie.gouv.fr: the committed answers of
 * fixtures/rappelconso (page-1.json, page-2.json…), each served at the offset where it starts,
 * whatever the `limit`; an empty page past the end. `status` makes it answer an error instead,
 * `requests` keeps each query asked.
 */
export async function rappelConsoServer() {
  const pages = readdirSync(FIXTURES)
    .filter((f) => /^page-\d+\.json$/.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))
    .map((f) => JSON.parse(readFileSync(path.join(FIXTURES, f), 'utf8')) as Page);
  const byOffset = new Map<number, Page>();
  let start = 0;
  for (const page of pages) {
    byOffset.set(start, page);
    start += page.results.length;
  }
  const state = { status: 200, requests: [] as URLSearchParams[] };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (url.pathname !== RECORDS) return send(404, { error_code: 'NotFound', message: 'Unknown dataset' });
    state.requests.push(url.searchParams);
    if (state.status !== 200)
      return send(state.status, { error_code: 'ServiceUnavailable', message: 'Service temporairement indisponible' });
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return send(200, byOffset.get(offset) ?? { total_count: start, results: [] });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    /** The status of the next answers: 503 for an outage, 200 again for the recorded pages. */
    answer(status: number) {
      state.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
