import compress from '@fastify/compress'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { API_BASE } from '@xpark/contract'
import { healthCall } from '@xpark/contract/schemas'
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify'
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.js'
import { maskUrl, registerApiLog, registerAudit } from './core/audit/index.js'
import { registerPermissions } from './core/auth/guards.js'
import { registerAuthentication } from './core/auth/plugin.js'
import { Principals } from './core/auth/principals.js'
import { registerRoutePermissions } from './core/auth/route-permissions.js'
import { TokenService } from './core/auth/tokens.js'
import type { Cache } from './core/cache/index.js'
import { registerResource } from './core/crud/index.js'
import { type Devices, openDevices } from './core/devices/index.js'
import { toWireJson } from './core/envelope.js'
import { handle } from './core/http/calls.js'
import { registerConsole } from './core/http/console.js'
import { loadCryptoKeys, registerRequestCrypto } from './core/http/crypto/index.js'
import { CONSOLE_CSP } from './core/http/csp.js'
import { registerDrain } from './core/http/drain.js'
import { DATABASE_RETRY_AFTER_SECONDS, registerErrorHandling } from './core/http/errors.js'
import { markApiRoutes, registerSecurityHeaders } from './core/http/security-headers.js'
import { registerTextGuard } from './core/http/text-guard.js'
import { registerUploads } from './core/http/uploads.js'
import { wireSerializer } from './core/http/wire.js'
import { nextId } from './core/ids.js'
import { startJobs } from './core/jobs/index.js'
import { englishMenuNames, type ModuleContext } from './core/module.js'
import { type Bus, openBus, Realtime } from './core/realtime/index.js'
import { registerScopes } from './core/scope/index.js'
import { SecretBox } from './core/secret-box.js'
import { Statistics } from './core/statistics/index.js'
import { registerStatisticReaders } from './core/statistics/routes.js'
import { FileLinks } from './core/storage/index.js'
import type { Database } from './db/client.js'
import { consoleBoot } from './modules/auth/index.js'
import { MODULES } from './modules/index.js'
import { withProviders } from './modules/social/index.js'

/** A request slower than this is logged even without the access log. */
const SLOW_REQUEST_MS = 2_000

export interface AppDeps {
  config: Config
  database: Database
  cache: Cache
  signingSecret: string
  /** the live-message bus (default: Redis pub/sub when REDIS_URL is set, else in process); closed with the app */
  bus?: Bus
  /** the device layer (default: opened from the config, the embedded broker without XPARK_MQTT_URL); closed with the app */
  devices?: Devices
  /** pino logger options, or false to stay quiet (tests) */
  logger?: boolean | object
}

export type { ModuleContext }

export type App = FastifyInstance

/**
 * The process log's options: request lines keep their URL with credential query values masked (the
 * one list, core/credentials.ts), like every other log.
 */
function processLogger(options: boolean | object): boolean | object {
  if (options === false) return false
  const base = options === true ? {} : options
  return {
    ...base,
    serializers: {
      req: (req: {
        method: string
        url: string
        host?: string
        ip?: string
        socket?: { remotePort?: number }
      }) => ({
        method: req.method,
        url: maskUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  }
}

/** Believe this many proxy hops of X-Forwarded-For (proxy-addr counts the socket's peer as hop 0). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: processLogger(deps.logger ?? { level: deps.config.logLevel }),
    genReqId: () => nextId(),
    // per-request lines only with the access log (XPARK_ACCESS_LOG); failures are logged by core/http/errors
    logController: new LogController({ disableRequestLogging: !deps.config.accessLog }),
    requestIdHeader: false,
    // X-Forwarded-For is believed only from the configured proxies: a client cannot choose its own
    // address for the rate limits
    trustProxy:
      typeof deps.config.trustProxy === 'number' ? trustHops(deps.config.trustProxy) : deps.config.trustProxy,
    // ids, dates and big numbers go out in BladeX form (see core/envelope)
    ajv: { customOptions: { coerceTypes: 'array' } },
    // closing: refused in the envelope by core/http/drain instead
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  // replies with a response schema are checked against it in the test suite (contract drift fails)
  app.setSerializerCompiler(wireSerializer(deps.config.env === 'test'))
  app.setReplySerializer((payload) => toWireJson(payload))
  registerErrorHandling(app)
  registerDrain(app)
  // without the access log, a request that took long still leaves a line
  if (!deps.config.accessLog)
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.elapsedTime >= SLOW_REQUEST_MS)
        request.log.warn(
          {
            method: request.method,
            // masked as the access log's request lines are: a query may carry a password
            url: maskUrl(request.url),
            statusCode: reply.statusCode,
            ms: Math.round(reply.elapsedTime),
          },
          'slow request',
        )
      done()
    })
  registerAudit(app, deps.database.db, { env: deps.config.env })

  const tokens = new TokenService(deps.signingSecret, deps.cache, deps.config.accessTokenTtlSeconds)
  const principals = new Principals(deps.cache)
  const realtime = new Realtime(deps.bus ?? (await openBus(deps.config.redisUrl, deps.config.redisPrefix)))
  const devices =
    deps.devices ??
    (await openDevices(deps.config.mqtt, {
      database: deps.database,
      realtime,
      secret: deps.signingSecret,
      log: app.log,
    }))
  const ctx: ModuleContext = {
    config: deps.config,
    database: deps.database,
    cache: deps.cache,
    tokens,
    files: new FileLinks(deps.signingSecret),
    secrets: new SecretBox(deps.signingSecret),
    realtime,
    devices,
    statistics: new Statistics(MODULES.flatMap((m) => m.statistics ?? [])),
  }
  app.addHook('onClose', () => ctx.realtime.bus.close())
  // the machines' messages are taken once every route is in place; closed before the database
  app.addHook('onReady', () =>
    devices.start(
      MODULES.flatMap((m) =>
        typeof m.subscriptions === 'function' ? m.subscriptions(ctx) : (m.subscriptions ?? []),
      ),
    ),
  )
  app.addHook('onClose', () => devices.close())
  app.decorate('devices', devices)
  app.decorate('secrets', ctx.secrets)
  // tests and tools reach the live-message bus of an app through it
  app.decorate('realtime', ctx.realtime)

  // before compression: what is compressed is the sealed answer
  if (deps.config.crypto.enabled) {
    const keys = loadCryptoKeys(deps.config.crypto.privateKey, deps.config.dataDir)
    registerRequestCrypto(app, { keys, cache: deps.cache, ...deps.config.crypto })
    ctx.cryptoPublicKey = keys.publicKey
  }

  registerSecurityHeaders(app)
  // no request is sent compressed (BladeX clients do not): no decompression hook on every route
  await app.register(compress, { threshold: 1024, globalDecompression: false })
  // multipart for every module's uploads (imports, photos), with one size limit
  await registerUploads(app, deps.config.uploadMaxBytes)
  await app.register(swagger, {
    openapi: {
      info: { title: 'xpark API', version: '0.1.0', description: 'BladeX-compatible smart-park API' },
      components: {
        securitySchemes: { BladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' } },
      },
      security: [{ BladeAuth: [] }],
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs` })

  registerPermissions(app, principals)
  registerScopes(app, deps.cache)

  await app.register(
    async (api) => {
      markApiRoutes(api)
      // inside the API scope only: static console files need no token
      registerAuthentication(api, tokens, principals)
      registerRoutePermissions(api)
      registerTextGuard(api)
      registerApiLog(api, deps.cache, deps.config.unverifiedRatePerAddress)
      // load balancers probe this: 503 when the database does not answer (this node cannot serve);
      // Redis away is degraded, not down (each node carries on with its own cache)
      handle(api, healthCall, async (_, _request, reply) => {
        const [databaseUp, cacheUp] = await Promise.all([deps.database.reachable(), deps.cache.reachable()])
        if (!databaseUp) reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        // the broker away is degraded too: the screens work, the machines wait
        const devicesUp = devices.connected
        return {
          status: databaseUp ? (cacheUp && devicesUp ? 'ok' : 'degraded') : 'down',
          database: deps.database.kind,
          databaseReachable: databaseUp,
          cache: deps.cache.kind,
          cacheReachable: cacheUp,
          devices: devices.kind,
          devicesReachable: devicesUp,
        }
      })
      for (const m of MODULES) {
        for (const resource of m.resources ?? []) await registerResource(api, ctx.database.db, resource)
        await m.routes?.(api, ctx)
      }
      registerStatisticReaders(api, ctx)
    },
    { prefix: API_BASE },
  )

  // the built console, with its settings in index.html (core/http/console.ts); absent → API only
  registerConsole(app, {
    root: deps.config.webDist ?? (await import('./paths.js')).webDistDefault,
    // with the third-party sign-in buttons (modules/social)
    boot: withMenuNames(withProviders(consoleBoot(ctx), ctx.database.db), MENU_NAMES_EN),
    csp: CONSOLE_CSP,
  })

  if (deps.config.jobs) {
    const jobs = MODULES.flatMap((m) => m.jobs ?? [])
    let stop = async () => {}
    app.addHook('onReady', async () => {
      stop = startJobs(jobs, ctx, app.log)
    })
    app.addHook('onClose', () => stop())
  }

  return app
}

/** The English names of the modules' menus (declared with their screens), for the console. */
const MENU_NAMES_EN = englishMenuNames(MODULES.flatMap((m) => m.menus))

function withMenuNames<B extends object>(
  boot: (hostname: string, request: FastifyRequest) => Promise<B>,
  menuNames: Readonly<Record<string, string>>,
): (hostname: string, request: FastifyRequest) => Promise<B & { menuNames?: Record<string, string> }> {
  if (!Object.keys(menuNames).length) return boot
  return async (hostname, request) => ({ ...(await boot(hostname, request)), menuNames: { ...menuNames } })
}
