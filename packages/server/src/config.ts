import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_EDITOR_NAME, DEFAULT_ELECTRICITY_TARIFF, type LegalInfo } from '@ecofoyer/contracts';
import { dataDirFrom } from './data-dir.ts';
import type { S3Settings } from './lib/s3-file-store.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Every setting with its working default (README "Configuration" lists the same). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.string().url().optional(),
  EDITOR_NAME: z.string().min(2).max(200).default(DEFAULT_EDITOR_NAME),
  EDITOR_ADDRESS: z.string().min(5).max(300).optional(),
  EDITOR_EMAIL: z.string().email({ error: 'EDITOR_EMAIL doit être une adresse e-mail' }).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9_-]*\/)*$/, { error: 'S3_PREFIX : un dossier en minuscules terminé par « / », ou vide' })
    .default(''),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  APP_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET doit faire au moins 32 caractères' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().positive().default(90),
  REFRESH_REUSE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  SESSION_CHECK_CACHE_MS: z.coerce.number().int().min(0).default(5000),
  DEMO: bool.default(true),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('EcoFoyer <no-reply@ecofoyer.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: bool.default(false),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'packages/web/dist')),
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, { error: 'VAPID_SUBJECT doit commencer par mailto: ou https:' })
    .default('mailto:contact@ecofoyer.local'),
  PUSH_ALLOW_HTTP: bool.default(false),
  PUSH_PORTS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, { error: 'PUSH_PORTS : des numéros de port séparés par des virgules' })
    .default('443'),
  SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  VISION_BASE_URL: z.string().url().optional(),
  VISION_MODEL: z.string().min(1).default('gpt-4o-mini'),
  VISION_API_KEY: z.string().min(1).optional(),
  VISION_TIMEOUT_MS: z.coerce.number().int().positive().default(20000),
  RAPPELCONSO_URL: z.string().url().default('https://data.economie.gouv.fr'),
  RAPPELCONSO_DATASET: z
    .string()
    .regex(/^[a-z0-9_-]+$/, { error: 'RAPPELCONSO_DATASET : un identifiant de jeu de données Opendatasoft' })
    .default('rappelconso-v2-gtin-espaces'),
  RAPPELCONSO_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  RAPPELCONSO_PAGE_SIZE: z.coerce.number().int().min(1).max(100).default(100),
  RAPPELCONSO_RETRY_MINUTES: z.coerce.number().int().min(1).default(60),
  CSP_FRAME_SOURCES: z.string().default('https://quefairedemesobjets.ademe.fr https://quefairedemesdechets.ademe.fr'),
  CSP_CONNECT_SOURCES: z.string().default('https://data.geopf.fr'),
  RATE_LIMIT_SIGNIN_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_FORGOT_PER_IP: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_FORGOT_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
  RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_RESET_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_UPLOADS_PER_USER: z.coerce.number().int().positive().default(200),
  RATE_LIMIT_SHARE_PER_LINK: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_SHARE_PER_IP: z.coerce.number().int().positive().default(60),
  JOB_MEMORY_MB: z.coerce.number().int().min(16).default(512),
  JOB_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  DOSSIER_TIMEOUT_MS: z.coerce.number().int().positive().default(600_000),
  // Appliance lookups: the energy label's registry and the products' open database (`off`: not asked).
  EPREL_API_URL: z.union([z.literal('off'), z.string().url()]).default('https://eprel.ec.europa.eu/api'),
  EPREL_API_KEY: z.string().min(1).optional(),
  OPF_API_URL: z.union([z.literal('off'), z.string().url()]).default('https://world.openproductsfacts.org'),
  LOOKUP_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  ELECTRICITY_PRICE_EUR_KWH: z.coerce.number().positive().max(10).default(DEFAULT_ELECTRICITY_TARIFF.prixKwh),
  ELECTRICITY_PRICE_DATE: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'ELECTRICITY_PRICE_DATE : la date d’entrée en vigueur du tarif, AAAA-MM-JJ' })
    .default(DEFAULT_ELECTRICITY_TARIFF.date),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  dbStatementTimeoutMs: number;
  /** Who runs this instance, as the CGU, FAQ and privacy policy say. */
  editor: LegalInfo;
  /** Uploaded files on an S3-compatible store, when S3_ENDPOINT is set (else DATA_DIR/files). */
  s3?: S3Settings;
  appUrl: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Absolute lifetime of a session: refreshing never carries it further. */
  sessionMaxDays: number;
  /** A spent refresh token presented again this soon gets the same successor, not a revocation (two tabs). */
  refreshReuseSeconds: number;
  /** How long a session found active is trusted without asking the database again (0: ask every time). */
  sessionCheckCacheMs: number;
  demo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  /** One log line per request (off by default: it costs time; errors and slow requests are always logged). */
  logRequests: boolean;
  trustProxy: boolean;
  webDist: string;
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Accept http:// push endpoints (local tests only; browsers' push services are https). */
  pushAllowHttp: boolean;
  pushPorts: number[];
  /** Seconds between two scheduler ticks (0: no scheduler, as in tests). */
  schedulerIntervalSeconds: number;
  /** An OpenAI-compatible endpoint that phrases the assistant's answers (none: the embedded answer). */
  llm: { baseUrl?: string; model: string; apiKey?: string; timeoutMs: number };
  /**
   * RappelConso's open data (Opendatasoft Explore API v2.1) read once a day for product recalls;
   * undefined when RAPPELCONSO_URL is set empty (the watch is off).
   */
  rappelConso?: { baseUrl: string; dataset: string; timeoutMs: number; pageSize: number; retryMs: number };
  /** Origins the Content-Security-Policy allows in frames and in fetches (space-separated in the env). */
  csp: { frameSources: string[]; connectSources: string[] };
  /** An OpenAI-compatible vision endpoint tried before the offline OCR (none: OCR only). */
  vision: { baseUrl?: string; model: string; apiKey?: string; timeoutMs: number };
  /** EPREL and Open Products Facts (to identify an appliance); an address left out is a service switched off. */
  identification: { eprelUrl?: string; eprelApiKey?: string; opfUrl?: string; timeoutMs: number };
  /** The regulated €/kWh the running cost is counted at, and the day it came into force. */
  electricityTariff: { prixKwh: number; date: string };
  /** CPU-bound jobs off the event loop (lib/job-pool.ts): a job's heap, a request's job's time, a dossier's time. */
  jobs: { memoryMb: number; timeoutMs: number; dossierTimeoutMs: number };
  rateLimits: {
    signinPerIp: number;
    signinPerAccount: number;
    forgotPerIp: number;
    forgotPerAccount: number;
    /** Sign-ups per address per hour. */
    signupPerIp: number;
    /** Reset links checked or used per address per hour (the page's check and the new password alike). */
    resetPerIp: number;
    /** File uploads per user per 15 minutes. */
    uploadsPerUser: number;
    /** Anonymous reads of a dossier's read-only link, per minute: per link, and per address. */
    sharePerLink: number;
    sharePerIp: number;
  };
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.S3_ENDPOINT && !e.S3_BUCKET) throw new ConfigError('Configuration invalide :\n  S3_BUCKET: requis avec S3_ENDPOINT');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('Configuration invalide :\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: les deux ou aucun');
  // npm runs workspace scripts in the workspace folder: relative paths are the caller's.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = dataDirFrom({ ...env, DATA_DIR: e.DATA_DIR });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    editor: { editeur: e.EDITOR_NAME, adresse: e.EDITOR_ADDRESS ?? null, contact: e.EDITOR_EMAIL ?? null },
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    refreshReuseSeconds: e.REFRESH_REUSE_SECONDS,
    sessionCheckCacheMs: e.SESSION_CHECK_CACHE_MS,
    demo: e.DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(base, e.WEB_DIST),
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : persistedVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT,
    },
    schedulerIntervalSeconds: e.SCHEDULER_INTERVAL_SECONDS,
    pushAllowHttp: e.PUSH_ALLOW_HTTP,
    pushPorts: e.PUSH_PORTS.split(',').map(Number),
    llm: { baseUrl: e.LLM_BASE_URL?.replace(/\/$/, ''), model: e.LLM_MODEL, apiKey: e.LLM_API_KEY, timeoutMs: e.LLM_TIMEOUT_MS },
    // Empty means off, where any other empty variable means its default.
    rappelConso:
      env.RAPPELCONSO_URL === ''
        ? undefined
        : {
            baseUrl: e.RAPPELCONSO_URL.replace(/\/$/, ''),
            dataset: e.RAPPELCONSO_DATASET,
            timeoutMs: e.RAPPELCONSO_TIMEOUT_MS,
            pageSize: e.RAPPELCONSO_PAGE_SIZE,
            retryMs: e.RAPPELCONSO_RETRY_MINUTES * 60_000,
          },
    csp: {
      frameSources: e.CSP_FRAME_SOURCES.split(/[\s,]+/).filter(Boolean),
      connectSources: e.CSP_CONNECT_SOURCES.split(/[\s,]+/).filter(Boolean),
    },
    vision: {
      baseUrl: e.VISION_BASE_URL?.replace(/\/$/, ''),
      model: e.VISION_MODEL,
      apiKey: e.VISION_API_KEY,
      timeoutMs: e.VISION_TIMEOUT_MS,
    },
    identification: {
      // Set empty or to `off`, a service is not asked (the wizard says so and stays manual).
      eprelUrl: env.EPREL_API_URL === '' || e.EPREL_API_URL === 'off' ? undefined : e.EPREL_API_URL.replace(/\/$/, ''),
      eprelApiKey: e.EPREL_API_KEY,
      opfUrl: env.OPF_API_URL === '' || e.OPF_API_URL === 'off' ? undefined : e.OPF_API_URL.replace(/\/$/, ''),
      timeoutMs: e.LOOKUP_TIMEOUT_MS,
    },
    electricityTariff: { prixKwh: e.ELECTRICITY_PRICE_EUR_KWH, date: e.ELECTRICITY_PRICE_DATE },
    jobs: { memoryMb: e.JOB_MEMORY_MB, timeoutMs: e.JOB_TIMEOUT_MS, dossierTimeoutMs: e.DOSSIER_TIMEOUT_MS },
    rateLimits: {
      signinPerIp: e.RATE_LIMIT_SIGNIN_PER_IP,
      signinPerAccount: e.RATE_LIMIT_SIGNIN_PER_ACCOUNT,
      forgotPerIp: e.RATE_LIMIT_FORGOT_PER_IP,
      forgotPerAccount: e.RATE_LIMIT_FORGOT_PER_ACCOUNT,
      signupPerIp: e.RATE_LIMIT_SIGNUP_PER_IP,
      resetPerIp: e.RATE_LIMIT_RESET_PER_IP,
      uploadsPerUser: e.RATE_LIMIT_UPLOADS_PER_USER,
      sharePerLink: e.RATE_LIMIT_SHARE_PER_LINK,
      sharePerIp: e.RATE_LIMIT_SHARE_PER_IP,
    },
  };
}

/** Without JWT_SECRET, a random key is generated once and kept in DATA_DIR (survives restarts). */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/** Without VAPID_* keys, a pair is generated once and kept in DATA_DIR (push subscriptions depend on it). */
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      // Loaded only here, on a first start: web-push weighs on every start otherwise.
      const webPush = createRequire(import.meta.url)('web-push') as typeof import('web-push');
      writeFileSync(file, JSON.stringify(webPush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * What the operator must hear at start when the setting can break a second replica: PostgreSQL lets
 * several processes share one database, but files kept in DATA_DIR/files are on one machine's disk —
 * a photo uploaded through one replica is « introuvable » through another, a dossier built by one is
 * « effacé » for the other. Null when the files are on S3 or the database is PGlite (one process).
 */
export function replicaStorageWarning(config: Pick<Config, 'databaseUrl' | 's3' | 'dataDir'>): string | null {
  if (!config.databaseUrl || config.s3) return null;
  return (
    `Fichiers stockés sur le disque local (${config.dataDir}/files) avec une base PostgreSQL : ` +
    'si plusieurs instances du serveur partagent cette base, chacune ne voit que ses propres fichiers ' +
    '(photos, factures, notices, dossiers). Avec plusieurs instances, configurez S3_ENDPOINT et S3_BUCKET, ' +
    'ou donnez-leur le même dossier DATA_DIR partagé.'
  );
}
