import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import type { RouteAccess } from '../../src/lib/route-access.ts';
import type { TestApp } from '../test-app.ts';
import { workerDb } from '../test-db.ts';

/** The subset of JSON Schema the OpenAPI document of the API uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}

export interface ApiRoute {
  method: string;
  /** As registered: `/api/V1/profils/users/:userId/events`, `/api/V1/files/*`. */
  url: string;
  /** `GET /api/V1/profils/users/:userId/events`: what the security tests key their cases by. */
  key: string;
  /** Path parameters with their schema (a plain string when the route is not documented). */
  params: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  /** The JSON body schema, when the route takes one. */
  body?: JsonSchema;
  multipart: boolean;
  /** The OpenAPI document says the route needs a bearer token. */
  declaredSecure: boolean;
  /** Hidden from the OpenAPI document (the docs UI itself, the built web app's files). */
  hidden: boolean;
  /** Who may call it, as the route declares (lib/route-access.ts); undefined only for the docs and the web app's files. */
  access?: RouteAccess;
  /** The route's own body limit, when it sets one (else the app's JSON_BODY_LIMIT). */
  bodyLimit?: number;
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

/**
 * Every route of the app, as Fastify registered it (an `onRoute` hook on a second instance built
 * like the one under test), with the parameter and body schemas of the OpenAPI document. A route
 * added later is in this table without anyone listing it.
 */
export async function routeTable(t: Pick<TestApp, 'config' | 'db' | 'clock'>): Promise<ApiRoute[]> {
  const seen: RouteOptions[] = [];
  const app = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false, onRoute: (route) => void seen.push(route) });
  await app.ready();
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  await app.close();

  const routes: ApiRoute[] = [];
  for (const route of seen) {
    for (const method of [route.method].flat()) {
      // HEAD answers as its GET does: same parameters.
      const op = doc.paths[toOpenApiPath(route.url)]?.[(method === 'HEAD' ? 'GET' : method).toLowerCase()];
      const schema = (route.schema ?? {}) as { consumes?: string[]; hide?: boolean };
      const params: Record<string, JsonSchema> = {};
      for (const name of route.url.match(/:\w+|\*$/g) ?? []) params[name.replace(/^:/, '')] = { type: 'string' };
      const query: Record<string, JsonSchema> = {};
      for (const p of op?.parameters ?? []) {
        if (p.in === 'path') params[p.name] = p.schema;
        if (p.in === 'query') query[p.name] = p.schema;
      }
      routes.push({
        method,
        url: route.url,
        key: `${method} ${route.url}`,
        params,
        query,
        body: op?.requestBody?.content['application/json']?.schema,
        multipart: schema.consumes?.includes('multipart/form-data') ?? false,
        declaredSecure: (op?.security?.length ?? 0) > 0,
        hidden: !op,
        access: (route.config as { access?: RouteAccess } | undefined)?.access,
        bodyLimit: route.bodyLimit,
      });
    }
  }
  return routes;
}

/**
 * The same table while a test file is being collected (to declare one test per route), before
 * any test app exists: the worker's database is only read, never cleaned — vitest collects every
 * file of a worker before running the first, and the other files' data is not ours to wipe.
 */
export async function routeTableAtCollection(env: Record<string, string> = {}): Promise<ApiRoute[]> {
  const { db } = await workerDb();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ecofoyer-routes-')),
    JWT_SECRET: 'route-table-route-table-route-table',
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  return routeTable({ config, db, clock: new ManualClock() });
}

/** The route's URL with its parameters filled in (`*` included). */
export function fillUrl(url: string, values: Record<string, string | number>): string {
  return url.replace(/:(\w+)|\*$/g, (_, name: string | undefined) => {
    const value = values[name ?? '*'];
    if (value === undefined) throw new Error(`no value for ${name ?? '*'} in ${url}`);
    return String(value);
  });
}
