/** A console theme (no antd import here: the entry chunk applies the body class before antd loads). */
export interface ConsoleTheme {
  name: string
  label: string
  /** sidebar menu style */
  menu: 'dark' | 'light'
  siderBg: string
  headerBg: string
  dark?: boolean
}

/** Spec 01 §2: default, white, dark, star, smart, iview, vip, cool, d2, hey, lte; default theme-d2. */
export const themes: ConsoleTheme[] = [
  { name: 'default', label: '默认主题', menu: 'dark', siderBg: '#20222a', headerBg: '#ffffff' },
  { name: 'theme-white', label: '白色主题', menu: 'light', siderBg: '#ffffff', headerBg: '#ffffff' },
  {
    name: 'theme-dark',
    label: '黑色主题',
    menu: 'dark',
    siderBg: '#141414',
    headerBg: '#1f1f1f',
    dark: true,
  },
  { name: 'theme-star', label: '炫彩主题', menu: 'dark', siderBg: '#0e1b3a', headerBg: '#13275a' },
  { name: 'theme-smart', label: '智能主题', menu: 'dark', siderBg: '#1e3246', headerBg: '#ffffff' },
  { name: 'theme-iview', label: 'iView旧版主题', menu: 'dark', siderBg: '#1d1e23', headerBg: '#ffffff' },
  { name: 'theme-vip', label: 'vip主题', menu: 'dark', siderBg: '#2b2417', headerBg: '#3a3021' },
  { name: 'theme-cool', label: '酷黑主题', menu: 'dark', siderBg: '#2d3a4b', headerBg: '#2d3a4b' },
  { name: 'theme-d2', label: 'd2主题', menu: 'light', siderBg: '#ebf1f6', headerBg: '#ffffff' },
  { name: 'theme-hey', label: 'hey主题', menu: 'light', siderBg: '#f7f9fc', headerBg: '#ffffff' },
  { name: 'theme-lte', label: 'lte主题', menu: 'dark', siderBg: '#222d32', headerBg: '#3c8dbc' },
]

export function findTheme(name: string): ConsoleTheme {
  return themes.find((t) => t.name === name) ?? themes.find((t) => t.name === 'theme-d2')!
}

/** Body class for the theme: exactly one theme class at a time. */
export function applyBodyClass(name: string, body: HTMLElement = document.body): void {
  for (const c of [...body.classList]) if (c.startsWith('theme-') || c === 'default') body.classList.remove(c)
  body.classList.add(findTheme(name).name)
}
