import 'i18next'
import type { zhCN } from './zh-CN'

// Type-checked translation keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    keySeparator: false
    nsSeparator: false
    resources: { translation: typeof zhCN }
  }
}
