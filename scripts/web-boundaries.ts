import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Web features (decisions 009 and 014): a feature imports only itself, `lib/`,
 * `components/`, the assets and the shared features below (never `app/`: a lint rule in biome.json). A page that shows another
 * feature's part leaves a slot (`lib/slots.tsx`) that its route fills (`app/pages/`); a change that
 * earns badges says so in its mutation's meta (`lib/mutation-meta.ts`). Any other feature-to-feature
 * import must be declared in DECLARED with its reason, so that none appears unnoticed.
 */
export const SHARED_FEATURES = ['references', 'appliances', 'universes', 'auth', 'events', 'foyer'];

/** Compositions of one feature inside another, each with why; none today, and the list only shrinks. */
export const DECLARED: Record<string, Record<string, string>> = {};

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });

/** Every feature-to-feature import under `webSrc` (packages/web/src) that the rules do not allow, as readable lines. */
export function boundaryViolations(webSrc: string): string[] {
  const features = path.join(webSrc, 'features');
  const problems: string[] = [];
  for (const feature of readdirSync(features)) {
    for (const file of sources(path.join(features, feature))) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = path.relative(features, path.resolve(path.dirname(file), (m[1] ?? m[2])!));
        if (target.startsWith('..')) continue;
        const other = target.split(path.sep)[0]!;
        if (other === feature || SHARED_FEATURES.includes(other) || DECLARED[feature]?.[other]) continue;
        problems.push(
          `${path.relative(webSrc, file)} imports the feature ${other}: go through a shared feature, or declare it in scripts/web-boundaries.ts with its reason`,
        );
      }
    }
  }
  return problems;
}

/** Declared imports that no longer exist (the list only shrinks). */
export function staleDeclarations(webSrc: string): string[] {
  const features = path.join(webSrc, 'features');
  const used = new Set<string>();
  for (const feature of readdirSync(features)) {
    for (const file of sources(path.join(features, feature))) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = path.relative(features, path.resolve(path.dirname(file), (m[1] ?? m[2])!));
        if (!target.startsWith('..')) used.add(`${feature} -> ${target.split(path.sep)[0]}`);
      }
    }
  }
  return Object.entries(DECLARED).flatMap(([from, to]) =>
    Object.keys(to)
      .filter((t) => !used.has(`${from} -> ${t}`))
      .map((t) => `${from} -> ${t}`),
  );
}

/** A `schema:` option (`api(path, { schema: … })`) whose value is not written for development only. */
const ANSWER_SCHEMA = /[{,]\s*schema:\s*(?!\s|import\.meta\.env\.DEV\s*\?)([^,}\n]+)/g;

/**
 * `api()`'s answer schemas that production would keep (lib/api-client.ts, `schema`): each must be
 * `import.meta.env.DEV ? Schema : undefined`, or the contracts' schemas and zod come back onto every
 * signed-in page's first load (bench/README.md, JS budgets).
 */
export function productionAnswerSchemas(webSrc: string): string[] {
  // The features' modules call `api()`; lib/ declares the option's type (`schema: AnswerSchema`).
  return sources(path.join(webSrc, 'features')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(ANSWER_SCHEMA)].map(
      (m) => `${path.relative(webSrc, file)}: schema: ${m[1]!.trim()} — write it import.meta.env.DEV ? ${m[1]!.trim()} : undefined`,
    ),
  );
}

/**
 * A call of `api()` with an address built by hand (`api<T>(…)` or `api(…)`), or an upload or a
 * download whose address is not `urlTo(…)`, outside lib/.
 */
const HAND_BUILT_CALL = /(?<![.\w])(?:api(?:<[^(]*>)?\(|(?:uploadForm|downloadFile|sendWithProgress)(?:<[^(]*>)?\((?!\s*urlTo\())/g;

/**
 * Features, pages and components call the API through `call(method, path, …)` (lib/api-call.ts),
 * typed by the server's OpenAPI document, and give uploads and downloads `urlTo(method, path, …)`;
 * only lib/ speaks to `api()` itself.
 */
export function handBuiltCalls(webSrc: string): string[] {
  return ['features', 'app', 'components'].flatMap((folder) =>
    (existsSync(path.join(webSrc, folder)) ? sources(path.join(webSrc, folder)) : []).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(HAND_BUILT_CALL)].map(
        (m) =>
          `${path.relative(webSrc, file)}: ${m[0]}…) — call the API with call(method, path, …), or give urlTo(method, path, …), from lib/api-call.ts`,
      ),
    ),
  );
}
