import path from 'node:path';
import { COMFYUI_API_LOST_AFTER_MS, webhookSecretProblem } from '@cinegraph/comfy';
import { WORKER_BACKENDS, type Tier, type TierLimits, type WorkerBackend } from '@cinegraph/contracts';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The embedded tier limits: what the free, pro and studio tiers allow unless configured otherwise. */
export const DEFAULT_TIER_LIMITS: Record<Tier, TierLimits> = {
  free: { gpu_hours_per_month: 2, storage_gb: 5, jobs_in_flight: 50 },
  pro: { gpu_hours_per_month: 30, storage_gb: 100, jobs_in_flight: 200 },
  studio: { gpu_hours_per_month: 150, storage_gb: 1000, jobs_in_flight: 1000 },
};
const TIERS = ['free', 'pro', 'studio'] as const;

/** TIER_FREE_GPU_HOURS, TIER_FREE_STORAGE_GB, TIER_FREE_JOBS_IN_FLIGHT and the same for PRO and STUDIO. */
function tierLimitVariables() {
  return Object.fromEntries(
    TIERS.flatMap((tier) => {
      const prefix = `TIER_${tier.toUpperCase()}`;
      const limits = DEFAULT_TIER_LIMITS[tier];
      return [
        [`${prefix}_GPU_HOURS`, z.coerce.number().min(0).max(100_000).default(limits.gpu_hours_per_month)],
        [`${prefix}_STORAGE_GB`, z.coerce.number().min(0).max(10_000_000).default(limits.storage_gb)],
        [
          `${prefix}_JOBS_IN_FLIGHT`,
          z.coerce.number().int().min(1).max(1_000_000).default(limits.jobs_in_flight),
        ],
      ];
    }),
  ) as Record<
    `TIER_${'FREE' | 'PRO' | 'STUDIO'}_${'GPU_HOURS' | 'STORAGE_GB' | 'JOBS_IN_FLIGHT'}`,
    z.ZodDefault<z.ZodCoercedNumber>
  >;
}

/** Every environment variable the server reads, with its embedded default. */
const Env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SIGN_IN_LINKS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    SIGN_IN_VERIFIES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    COOKIE_SECURE: flag.optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Cinegraph <no-reply@cinegraph.local>'),
    S3_BUCKET: z.string().min(3).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: flag.default(false),
    WEB_DIST: z.string().min(1).optional(),
    TRUST_PROXY: flag.default(false),
    LLM_BASE_URL: z.url().optional(),
    LLM_MODEL: z.string().min(1).optional(),
    LLM_API_KEY: z.string().optional(),
    COMFYUI_URLS: z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map(workerEntry)
          .filter((entry) => entry.url),
      )
      .pipe(
        z.array(
          z.object({
            backend: z.enum(WORKER_BACKENDS),
            url: z.url({ protocol: /^https?$/, message: 'each must be an http(s) URL' }),
          }),
        ),
      )
      .default([]),
    RUNPOD_API_KEY: z.string().min(1).optional(),
    COMFYUI_API_WEBHOOK_SECRET: z
      .string()
      .min(1)
      .superRefine((secret, ctx) => {
        const problem = webhookSecretProblem(secret);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    COMFYUI_API_S3_PREFIX: z.string().min(1).optional(),
    COMFYUI_API_LOST_AFTER_S: z.coerce
      .number()
      .int()
      .min(10)
      .default(COMFYUI_API_LOST_AFTER_MS / 1000),
    DEV_WORKER: flag.default(true),
    USER_WORKERS_ALLOW_PRIVATE: flag.default(false),
    DISPATCH_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    JOB_RETRIES: z.coerce.number().int().min(0).max(20).default(2),
    WORKER_FILE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(2 * 1024 ** 3),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PRO_PRICE_ID: z.string().min(1).optional(),
    STRIPE_STUDIO_PRICE_ID: z.string().min(1).optional(),
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    ...tierLimitVariables(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => !env.S3_ENDPOINT || env.S3_BUCKET, {
    message: 'S3_ENDPOINT is set but S3_BUCKET is not',
    path: ['S3_BUCKET'],
  })
  .superRefine((env, ctx) => {
    // Payments work with all three or not at all; a half-configured Stripe is a mistake worth stopping for.
    const stripe = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRO_PRICE_ID'] as const;
    const set = stripe.filter((name) => env[name]);
    if (set.length === 0 || set.length === stripe.length) return;
    for (const name of stripe.filter((n) => !env[n])) {
      ctx.addIssue({ code: 'custom', path: [name], message: `is needed with ${set.join(', ')}` });
    }
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The address users reach the studio at; links in mails and presigned URLs start with it. */
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Signs local storage URLs; read from SECRET or kept in DATA_DIR/secret. */
  secret: string | undefined;
  sessionDays: number;
  /** Sign-in links requested and verified per address in 15 minutes (one office behind one NAT shares them). */
  signInLinksPerAddress: number;
  signInVerifiesPerAddress: number;
  cookieSecure: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        bucket: string;
        endpoint?: string;
        region: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      }
    | undefined;
  webDist: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (sign-in rate limits use it). */
  trustProxy: boolean;
  logLevel: string;
  /** An OpenAI-compatible chat API for the shot planner; unset: the offline planner. */
  llm: { baseUrl: string | undefined; model: string | undefined; apiKey: string | undefined };
  /** ComfyUI workers of the shared pool. */
  comfyuiUrls: { backend: WorkerBackend; url: string }[];
  /** RUNPOD_API_KEY: the key of the RunPod endpoints in COMFYUI_URLS. */
  runpodApiKey: string | null;
  /** COMFYUI_API_WEBHOOK_SECRET: comfyui-api's WEBHOOK_SECRET, which signs its deliveries. */
  comfyApiWebhookSecret: string | null;
  /** COMFYUI_API_S3_PREFIX: with S3 storage, comfyui-api uploads outputs to the studio's bucket there. */
  comfyApiS3Prefix: string | null;
  /** COMFYUI_API_LOST_AFTER_S: a comfyui-api server silent this long about all its prompts lost them. */
  comfyApiLostAfterMs: number;
  /** Start the preview worker (no GPU) beside the server. */
  devWorker: boolean;
  /**
   * Let users add their own workers on loopback, private and link-local addresses. Off by default: the
   * server talks to the URLs users give it, and must not be a way into its own network.
   */
  userWorkersAllowPrivate: boolean;
  dispatchIntervalMs: number;
  /** How often a job whose worker disappeared is queued again before it fails. */
  jobRetries: number;
  /** The largest output file kept from a worker; larger ones fail the job. */
  workerFileMaxBytes: number;
  /** Stripe Checkout and its webhook; unset: the tiers are listed but cannot be bought. */
  stripe: StripeConfig | undefined;
  /** What each tier allows; the server refuses work past it. */
  tierLimits: Record<Tier, TierLimits>;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  proPriceId: string;
  studioPriceId: string | undefined;
  /** Another address for Stripe's API (stripe-mock or a local fake in tests); unset: Stripe's own. */
  apiUrl: string | undefined;
}

export class ConfigError extends Error {}

/** Reads and validates the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = Env.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    secret: e.SECRET,
    sessionDays: e.SESSION_DAYS,
    signInLinksPerAddress: e.SIGN_IN_LINKS_PER_ADDRESS,
    signInVerifiesPerAddress: e.SIGN_IN_VERIFIES_PER_ADDRESS,
    cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    llm: { baseUrl: e.LLM_BASE_URL?.replace(/\/+$/, ''), model: e.LLM_MODEL, apiKey: e.LLM_API_KEY },
    comfyuiUrls: e.COMFYUI_URLS,
    runpodApiKey: e.RUNPOD_API_KEY ?? null,
    comfyApiWebhookSecret: e.COMFYUI_API_WEBHOOK_SECRET ?? null,
    comfyApiS3Prefix: e.COMFYUI_API_S3_PREFIX ?? null,
    comfyApiLostAfterMs: e.COMFYUI_API_LOST_AFTER_S * 1000,
    devWorker: e.DEV_WORKER,
    userWorkersAllowPrivate: e.USER_WORKERS_ALLOW_PRIVATE,
    dispatchIntervalMs: e.DISPATCH_INTERVAL_MS,
    jobRetries: e.JOB_RETRIES,
    workerFileMaxBytes: e.WORKER_FILE_MAX_BYTES,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRO_PRICE_ID
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            proPriceId: e.STRIPE_PRO_PRICE_ID,
            studioPriceId: e.STRIPE_STUDIO_PRICE_ID,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    tierLimits: Object.fromEntries(
      TIERS.map((tier) => {
        const prefix = `TIER_${tier.toUpperCase()}` as 'TIER_FREE' | 'TIER_PRO' | 'TIER_STUDIO';
        return [
          tier,
          {
            gpu_hours_per_month: e[`${prefix}_GPU_HOURS`],
            storage_gb: e[`${prefix}_STORAGE_GB`],
            jobs_in_flight: e[`${prefix}_JOBS_IN_FLIGHT`],
          },
        ];
      }),
    ) as Record<Tier, TierLimits>,
  };
}

/**
 * One COMFYUI_URLS entry: a ComfyUI address, or one with its backend in front, `runpod+https://api.runpod.ai/v2/{endpoint}`
 * or `comfyui-api+http://host:3000`.
 */
function workerEntry(entry: string): { backend: WorkerBackend; url: string } {
  const text = entry.trim();
  const backend = WORKER_BACKENDS.find((name) => name !== 'comfyui' && text.startsWith(`${name}+`));
  const url = (backend ? text.slice(backend.length + 1) : text).replace(/\/+$/, '');
  return { backend: backend ?? 'comfyui', url };
}
