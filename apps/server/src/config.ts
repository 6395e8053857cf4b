import { z } from 'zod'
import { DEFAULT_CRYPTO_EXCLUDE } from './core/http/crypto/index.js'
import { parseAddressOrCidr } from './core/storage/egress.js'

/**
 * Every environment variable the server reads, parsed in one place.
 * docs/operations.md documents the same table for operators.
 */
const isAddressOrCidr = (entry: string) => parseAddressOrCidr(entry) !== null

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  XPARK_DATA: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  XPARK_REDIS_PREFIX: z.string().min(1).max(100).default('xpark:'),
  XPARK_CAPTCHA: z.enum(['on', 'off']).default('on'),
  XPARK_TENANT_MODE: z.enum(['on', 'off']).default('on'),
  XPARK_TENANT_ID: z.string().default(''),
  XPARK_TOKEN_TIME: z.coerce.number().int().min(10_000).default(300_000),
  XPARK_ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).optional(),
  XPARK_REFRESH_TOKEN_TTL: z.coerce.number().int().min(60).default(604_800),
  XPARK_JWT_SECRET: z
    .union([z.literal(''), z.string().min(32, 'XPARK_JWT_SECRET must be at least 32 characters')])
    .optional(),
  XPARK_ADMIN_PASSWORD: z.string().optional(),
  XPARK_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  XPARK_SQL_LOG: z.enum(['on', 'off']).default('off'),
  XPARK_ACCESS_LOG: z.enum(['on', 'off']).default('off'),
  XPARK_WEB_DIST: z.string().optional(),
  XPARK_LOGIN_FAIL_LIMIT: z.coerce.number().int().min(1).default(5),
  XPARK_LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).default(1800),
  XPARK_LOGIN_RATE_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  XPARK_LOGIN_RATE_PER_ACCOUNT: z.coerce.number().int().min(1).default(15),
  XPARK_JOBS: z.enum(['on', 'off']).default('on'),
  XPARK_HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  XPARK_LOGIN_CAPTCHA_AFTER: z.coerce.number().int().min(1).default(3),
  XPARK_UNVERIFIED_RATE_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  XPARK_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  XPARK_INTERCOM_BASE: z.union([z.literal(''), z.url()]).default(''),
  XPARK_INTERCOM_SIMULATOR: z.enum(['on', 'off']).default('on'),
  XPARK_PMS_URL: z.union([z.literal(''), z.url()]).default(''),
  XPARK_INTERCOM_SIMULATOR_MEMBERS: z.coerce.number().int().min(1).max(20_000).optional(),
  XPARK_MQTT_URL: z
    .union([z.literal(''), z.string().regex(/^mqtts?:\/\//, 'XPARK_MQTT_URL: mqtt://host:port or mqtts://…')])
    .default(''),
  XPARK_MQTT_HOST: z.string().default('127.0.0.1'),
  XPARK_MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1884),
  XPARK_MQTT_INTAKE: z.coerce.number().int().min(1).max(64).default(16),
  XPARK_NODE_ID: z
    .union([
      z.literal(''),
      z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'XPARK_NODE_ID: letters, digits, _ and -'),
    ])
    .default(''),
  XPARK_DEVICE_SIMULATOR: z.enum(['on', 'off']).optional(),
  XPARK_MAP_TILE_URL: z.string().max(500).default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  XPARK_TENANT_STORAGE_MB: z.coerce.number().int().min(0).default(2048),
  XPARK_OSS_ALLOW_PRIVATE: z
    .string()
    .default('')
    .refine((v) => v.split(',').every((e) => e.trim() === '' || isAddressOrCidr(e.trim())), {
      message: 'XPARK_OSS_ALLOW_PRIVATE: comma-separated IP addresses or CIDRs (10.0.0.5, 192.168.8.0/24)',
    }),
  XPARK_CRYPTO: z.enum(['on', 'off']).default('off'),
  XPARK_CRYPTO_EXCLUDE: z.string().default(DEFAULT_CRYPTO_EXCLUDE.join(',')),
  XPARK_CRYPTO_WINDOW_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  XPARK_CRYPTO_PRIVATE_KEY: z.string().optional(),
  XPARK_TRUST_PROXY: z
    .string()
    .default('')
    .refine(
      (v) =>
        v === '' ||
        v === 'true' ||
        /^\d{1,2}$/.test(v) ||
        v.split(',').every((e) => isAddressOrCidr(e.trim())),
      {
        message:
          "XPARK_TRUST_PROXY: empty, true, a hop count, or the proxies' addresses/CIDRs (comma-separated)",
      },
    ),
})

export type Env = z.infer<typeof EnvSchema>

export interface Config {
  env: Env['NODE_ENV']
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  redisUrl: string | undefined
  /** prefix of every Redis key and pub/sub channel: several deployments (or test runs) share one Redis */
  redisPrefix: string
  captcha: boolean
  tenantMode: boolean
  presetTenantId: string
  /** age (ms) at which the console refreshes; the access token lives longer (tokenTime + 60 s check + margin) */
  tokenTime: number
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  jwtSecret: string | undefined
  adminPassword: string | undefined
  logLevel: Env['XPARK_LOG_LEVEL']
  /** every SQL statement and its parameters to stderr (bench/ takes the query plans from it) */
  sqlLog: boolean
  /**
   * a log line per request (received, completed); off, only failures and slow requests are logged:
   * two lines per request cost a cached answer a sixth of its rate (issue 13)
   */
  accessLog: boolean
  webDist: string | undefined
  /** wrong passwords from one address for one account before that pair is locked (not the account) */
  loginFailLimit: number
  loginLockSeconds: number
  /** sign-in attempts per minute from one address (more: 429) */
  loginRatePerAddress: number
  /** sign-in attempts per minute for one account from anywhere before its sign-ins need the captcha */
  loginRatePerAccount: number
  /** run the modules' scheduled jobs in this process (once per interval across processes) */
  jobs: boolean
  /**
   * how far V8 lets the old space grow past what the last full collection kept, in percent (main.ts,
   * heap.ts); 0 leaves V8's own factor, up to 4x on a machine with memory to spare
   */
  heapGrowthPercent: number
  /** wrong passwords from one address (any account) before its sign-ins need the captcha */
  loginCaptchaAfter: number
  /**
   * writes per minute from one address that no verified caller made (failed sign-ins, bad client
   * secrets, anonymous logouts, bad tokens): past it, that address's public writes get 429
   */
  unverifiedRatePerAddress: number
  /** largest uploaded file (multipart), in bytes: imports, photos */
  uploadMaxBytes: number
  /** what one tenant's stored files (live attachments) may add up to, in bytes; 0 unlimited */
  tenantStorageBytes: number
  /** the wireless dispatch platform for tenants whose auth info names no url ('' none) */
  intercomBase: string
  /** run the loopback dispatch simulator (adapters/intercom) when no intercomBase is configured */
  intercomSimulator: boolean
  /** members the simulator walks about (default its demo count; the bench runs 5,000) */
  intercomSimulatorMembers: number | undefined
  /** the outside parking system (adapters/pms); '' none: the loopback simulator stands in */
  pmsUrl: string
  /** the device layer (core/devices): a broker of our own, or the embedded one on host:port */
  mqtt: {
    url: string | undefined
    host: string
    port: number
    node: string | undefined
    /** connections taking the machines' messages on a broker of our own (core/devices/link.ts) */
    intake: number
  }
  /** run the demo park's simulated machines (adapters/device): on unless NODE_ENV=production */
  deviceSimulator: boolean
  /** the map tiles of the intercom console ({z}/{x}/{y} template; '' none: a plain grid) */
  mapTileUrl: string
  /** internal addresses / CIDRs object storage endpoints may reach (core/storage/egress.ts) */
  ossAllowPrivate: string[]
  /** which X-Forwarded-For hops to believe (Fastify `trustProxy`): none by default */
  trustProxy: boolean | number | string[]
  /** request encryption (spec 01 §7, §8; core/http/crypto): off by default */
  crypto: {
    enabled: boolean
    /** paths under the API base left in clear (each with everything below it) */
    exclude: string[]
    /** how far a request's timestamp may be from the server's clock */
    windowSeconds: number
    /** PKCS#8 PEM; absent → generated once into the data folder */
    privateKey: string | undefined
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const e = parsed.data
  // The console refreshes at tokenTime, checked every 60 s: the token must outlive both, with margin.
  const minimumTtl = Math.ceil(e.XPARK_TOKEN_TIME / 1000) + 60 + 60
  const accessTtl = Math.max(e.XPARK_ACCESS_TOKEN_TTL ?? 0, minimumTtl, 600)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.XPARK_DATA,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.XPARK_REDIS_PREFIX,
    captcha: e.XPARK_CAPTCHA === 'on',
    tenantMode: e.XPARK_TENANT_MODE === 'on',
    presetTenantId: e.XPARK_TENANT_ID,
    tokenTime: e.XPARK_TOKEN_TIME,
    accessTokenTtlSeconds: accessTtl,
    refreshTokenTtlSeconds: e.XPARK_REFRESH_TOKEN_TTL,
    jwtSecret: e.XPARK_JWT_SECRET || undefined,
    adminPassword: e.XPARK_ADMIN_PASSWORD || undefined,
    logLevel: e.XPARK_LOG_LEVEL,
    sqlLog: e.XPARK_SQL_LOG === 'on',
    accessLog: e.XPARK_ACCESS_LOG === 'on',
    webDist: e.XPARK_WEB_DIST,
    loginFailLimit: e.XPARK_LOGIN_FAIL_LIMIT,
    loginLockSeconds: e.XPARK_LOGIN_LOCK_SECONDS,
    loginRatePerAddress: e.XPARK_LOGIN_RATE_PER_ADDRESS,
    loginRatePerAccount: e.XPARK_LOGIN_RATE_PER_ACCOUNT,
    jobs: e.XPARK_JOBS === 'on',
    heapGrowthPercent: e.XPARK_HEAP_GROWTH_PERCENT,
    loginCaptchaAfter: e.XPARK_LOGIN_CAPTCHA_AFTER,
    unverifiedRatePerAddress: e.XPARK_UNVERIFIED_RATE_PER_ADDRESS,
    uploadMaxBytes: e.XPARK_UPLOAD_MAX_BYTES,
    tenantStorageBytes: e.XPARK_TENANT_STORAGE_MB * 1024 * 1024,
    intercomBase: e.XPARK_INTERCOM_BASE,
    intercomSimulator: e.XPARK_INTERCOM_SIMULATOR === 'on' && e.XPARK_INTERCOM_BASE === '',
    intercomSimulatorMembers: e.XPARK_INTERCOM_SIMULATOR_MEMBERS,
    pmsUrl: e.XPARK_PMS_URL,
    mapTileUrl: e.XPARK_MAP_TILE_URL,
    mqtt: {
      url: e.XPARK_MQTT_URL || undefined,
      host: e.XPARK_MQTT_HOST,
      port: e.XPARK_MQTT_PORT,
      node: e.XPARK_NODE_ID || undefined,
      intake: e.XPARK_MQTT_INTAKE,
    },
    deviceSimulator: (e.XPARK_DEVICE_SIMULATOR ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    trustProxy:
      e.XPARK_TRUST_PROXY === ''
        ? false
        : e.XPARK_TRUST_PROXY === 'true'
          ? true
          : /^\d+$/.test(e.XPARK_TRUST_PROXY)
            ? Number(e.XPARK_TRUST_PROXY)
            : e.XPARK_TRUST_PROXY.split(',').map((v) => v.trim()),
    crypto: {
      enabled: e.XPARK_CRYPTO === 'on',
      exclude: e.XPARK_CRYPTO_EXCLUDE.split(',')
        .map((v) => v.trim())
        .filter(Boolean)
        .map((v) => (v.startsWith('/') ? v : `/${v}`)),
      windowSeconds: e.XPARK_CRYPTO_WINDOW_SECONDS,
      // an environment variable cannot always hold line breaks: \n stands for one
      privateKey: e.XPARK_CRYPTO_PRIVATE_KEY?.replaceAll('\\n', '\n') || undefined,
    },
    ossAllowPrivate: e.XPARK_OSS_ALLOW_PRIVATE.split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  }
}
