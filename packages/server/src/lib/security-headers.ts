import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** The http(s) origins among CSP sources (not keywords such as 'none'). */
function webOrigins(sources: string[]): string[] {
  return sources.filter((s) => /^https?:\/\//.test(s));
}

/** The policy: what the app, the spec's third-party frames and fetches need, nothing more. */
export function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the energy-label scanner compile its WebAssembly barcode reader, served
        // by the app itself (decision 020); JavaScript eval stays forbidden.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The frames' sites too: the page asks a frame's site whether it answers (a HEAD request that
        // reads nothing) before showing it, and shows a message instead of a broken frame when it does not.
        connectSrc: ["'self'", ...new Set([...config.csp.connectSources, ...webOrigins(config.csp.frameSources)])],
        frameSrc: config.csp.frameSources.length > 0 ? config.csp.frameSources : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // blob: for the image-resize worker (lib/image.ts), which loads its code from 'self'.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
      },
    },
    // Added per request, only for requests that came over HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The embedded third-party map does not send CORP headers.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sets for `options`, computed once: they depend on nothing in the request,
 * and helmet rebuilt them (the CSP string among them) on every answer, a cost a flood of
 * requests paid in full (bench/signin-flood.ts).
 */
export function staticHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let called = false;
  helmet(options)({} as never, res as never, (error?: unknown) => {
    if (error) throw error;
    called = true;
  });
  if (!called) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Browser features the app may use: the camera for a photo or a label scan, location
 * for the repairers' map and the frames it is shown in; nothing else. Only features Chromium knows
 * (an unknown one, such as `bluetooth`, is a console warning on every page).
 */
export function permissionsPolicy(config: Config): string {
  const frames = webOrigins(config.csp.frameSources)
    .map((s) => ` "${s}"`)
    .join('');
  return [
    'camera=(self)',
    `geolocation=(self${frames})`,
    'microphone=()',
    'payment=()',
    'usb=()',
    'serial=()',
    'midi=()',
    'magnetometer=()',
    'gyroscope=()',
    'accelerometer=()',
    'browsing-topics=()',
  ].join(', ');
}

/**
 * Security headers on every answer (helmet's): a strict Content-Security-Policy with no inline
 * script (styles may be inline: Mantine sets CSS variables in style tags), only the third-party
 * frames the spec needs (the ADEME map, a configured partner widget), no framing of the app
 * itself, a referrer policy, nosniff; HSTS when the request came over HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = { ...staticHelmetHeaders(helmetOptions(config)), 'permissions-policy': permissionsPolicy(config) };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
