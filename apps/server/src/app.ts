import compress from '@fastify/compress'
import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { API_BASE } from '@xpark/contract'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  createSerializerCompiler,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Config } from './config.js'
import { registerApiLog, registerAudit } from './core/audit/index.js'
import { registerPermissions } from './core/auth/guards.js'
import { registerAuthentication } from './core/auth/plugin.js'
import { TokenService } from './core/auth/tokens.js'
import type { Cache } from './core/cache/index.js'
import { toWireJson, wireReplacer } from './core/envelope.js'
import { registerConsole } from './core/http/console.js'
import { registerErrorHandling } from './core/http/errors.js'
import { registerUploads } from './core/http/uploads.js'
import { nextId } from './core/ids.js'
import { FileLinks } from './core/storage/index.js'
import type { Database } from './db/client.js'
import { appModule } from './modules/app/index.js'
import { authModule, consoleBoot } from './modules/auth/index.js'
import { deskModule } from './modules/desk/index.js'
import { logModule } from './modules/log/index.js'
import { resourceModule } from './modules/resource/index.js'
import { systemModule } from './modules/system/index.js'

export interface AppDeps {
  config: Config
  database: Database
  cache: Cache
  signingSecret: string
  /** pino logger options, or false to stay quiet (tests) */
  logger?: boolean | object
}

/** Everything a route handler may need, handed to each module's register function. */
export interface ModuleContext {
  config: Config
  database: Database
  cache: Cache
  tokens: TokenService
  /** signed links to stored objects (core/storage) */
  files: FileLinks
}

export type App = FastifyInstance

/** Believe this many proxy hops of X-Forwarded-For (proxy-addr counts the socket's peer as hop 0). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    genReqId: () => nextId(),
    requestIdHeader: false,
    // X-Forwarded-For is believed only from the configured proxies: a client cannot choose its own
    // address for the rate limits
    trustProxy:
      typeof deps.config.trustProxy === 'number' ? trustHops(deps.config.trustProxy) : deps.config.trustProxy,
    // ids, dates and big numbers go out in BladeX form (see core/envelope)
    ajv: { customOptions: { coerceTypes: 'array' } },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(createSerializerCompiler({ replacer: wireReplacer }))
  app.setReplySerializer((payload) => toWireJson(payload))
  registerErrorHandling(app)
  registerAudit(app, deps.database.db, { env: deps.config.env })

  const tokens = new TokenService(deps.signingSecret, deps.cache, deps.config.accessTokenTtlSeconds)
  const ctx: ModuleContext = {
    config: deps.config,
    database: deps.database,
    cache: deps.cache,
    tokens,
    files: new FileLinks(deps.signingSecret),
  }

  await app.register(helmet, {
    // the console embeds external pages (myiframe) and the API docs use inline styles
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  })
  await app.register(compress, { threshold: 1024 })
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

  registerPermissions(app)

  await app.register(
    async (api) => {
      // inside the API scope only: static console files need no token
      registerAuthentication(api, tokens)
      registerApiLog(api)
      api.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({
        status: 'ok',
        database: deps.database.kind,
        cache: deps.cache.kind,
      }))
      await authModule(api, ctx)
      await systemModule(api, ctx)
      await logModule(api, ctx)
      await deskModule(api, ctx)
      await resourceModule(api, ctx)
      await appModule(api, ctx)
    },
    { prefix: API_BASE },
  )

  // the built console, with its settings in index.html (core/http/console.ts); absent → API only
  registerConsole(app, {
    root: deps.config.webDist ?? (await import('./paths.js')).webDistDefault,
    boot: consoleBoot(ctx),
  })

  return app
}
