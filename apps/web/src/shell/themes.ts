import { theme as antdTheme, type ThemeConfig } from 'antd'
import { findTheme } from './themeList'

export { applyBodyClass, type ConsoleTheme, findTheme, themes } from './themeList'

/** antd ConfigProvider theme for a console theme and main colour. */
export function antdThemeFor(name: string, colorPrimary: string): ThemeConfig {
  const t = findTheme(name)
  return {
    algorithm: t.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary, borderRadius: 4 },
    components: {
      Layout: {
        siderBg: t.siderBg,
        lightSiderBg: t.siderBg,
        headerBg: t.headerBg,
        headerPadding: '0 16px',
        headerHeight: 56,
      },
      Menu:
        t.menu === 'dark' ? { darkItemBg: t.siderBg, darkSubMenuItemBg: t.siderBg } : { itemBg: t.siderBg },
    },
  }
}
