/**
 * The tables of core and of the system area's modules in one namespace, for the seeds and for tests
 * that read across modules. Above the modules, as it names their tables; drizzle-kit finds every
 * schema.ts by its own glob (drizzle.config.ts) and the database client needs no schema (db/client.ts).
 */
export * from '../core/audit/schema.js'
export * from '../core/devices/schema.js'
export * from '../core/jobs/schema.js'
export * from '../core/links/schema.js'
export * from '../modules/app/schema.js'
export * from '../modules/auth/schema.js'
export * from '../modules/authority/schema.js'
export * from '../modules/desk/schema.js'
export * from '../modules/dict/schema.js'
export * from '../modules/identity/schema.js'
export * from '../modules/menu/schema.js'
export * from '../modules/org/schema.js'
export * from '../modules/param/schema.js'
export * from '../modules/region/schema.js'
export * from '../modules/resource/schema.js'
export * from '../modules/staff/schema.js'
export * from '../modules/tenant/schema.js'
