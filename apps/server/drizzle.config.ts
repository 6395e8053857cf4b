import { defineConfig } from 'drizzle-kit'

// every module's tables: a new module's schema.ts is picked up without an edit here
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/core/audit/schema.ts',
    './src/core/jobs/schema.ts',
    './src/core/devices/schema.ts',
    './src/core/links/schema.ts',
    './src/modules/**/schema.ts',
  ],
  out: './src/db/migrations',
  casing: 'snake_case',
})
