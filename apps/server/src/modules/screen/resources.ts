import { screenContract } from '@xpark/contract/modules/screen'
import { ne } from 'drizzle-orm'
import { defineResource } from '../../core/crud/index.js'
import { screen } from './schema.js'

/** The screens as the kit serves them; publishing and links are hand calls (routes/). */
export const screens = defineResource({
  contract: screenContract,
  table: screen,
  // the built-in walls stay: /wel/screen and /wel/assetsscreen open them
  inUse: [{ when: ne(screen.builtin, ''), message: '内置大屏不能删除: {label}' }],
})
