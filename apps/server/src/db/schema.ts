/** Every table, for drizzle-kit and the typed client. Each module owns its own schema.ts. */
export * from '../core/audit/schema.js'
export * from '../modules/app/schema.js'
export * from '../modules/auth/schema.js'
export * from '../modules/desk/schema.js'
export * from '../modules/resource/schema.js'
export * from '../modules/system/schema.js'
export * from '../modules/system/tenant/schema.js'
