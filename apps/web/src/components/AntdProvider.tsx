import { IconProvider } from '@ant-design/icons'
import { ConfigProvider } from 'antd'
import enUS from 'antd/es/locale/en_US'
import zhCN from 'antd/es/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { type ReactNode, useEffect, useMemo } from 'react'
import { antdThemeFor } from '../shell/themes'
import { useSettings } from '../stores/settings'

// ConfigProvider injects the icons' styles once (its IconStyle); without this every icon's mount
// looked them up again in <head> (an effect per icon: a row of actions is several icons)
const ICONS = { zeroRuntime: true }

/**
 * antd theme (console theme + main colour) and locale. Each antd page wraps itself in this rather
 * than the root, so the login route does not load antd at all.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const themeName = useSettings((s) => s.themeName)
  const colorName = useSettings((s) => s.colorName)
  const language = useSettings((s) => s.language)
  const theme = useMemo(() => antdThemeFor(themeName, colorName), [themeName, colorName])
  useEffect(() => {
    dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn')
  }, [language])
  return (
    <ConfigProvider locale={language === 'en-US' ? enUS : zhCN} theme={theme}>
      <IconProvider value={ICONS}>{children}</IconProvider>
    </ConfigProvider>
  )
}
