import { CrudPage } from '@/components/crud'
import { shortcutResource } from './shortcut'

/** 快捷方式 (see `shortcut.tsx`): the signed-in user's own shortcuts. */
export default function ShortcutPage() {
  return <CrudPage resource={shortcutResource} formDefaults={{ sort: 0 }} />
}
