/**
 * English names of the seeded menus, by menu code. Menu names are data (blade_menu.name, Chinese, and
 * an administrator may rename them), so they cannot live in the message files; in English the console
 * shows these for the codes it knows and the stored name for every other menu.
 */
const MENU_NAMES_EN: Record<string, string> = {
  wel_dashboard: 'Dashboard',
  system: 'System',
  param: 'Parameters',
  user: 'Users',
  dept: 'Departments',
  post: 'Posts',
  role: 'Roles',
  dict: 'Dictionaries',
  dictbiz: 'Business dictionaries',
  client: 'Clients',
  tenant: 'Tenants',
  production: 'Products',
  proxy: 'Agents',
  datasource: 'Data sources',
  topmenu: 'Top menus',
  notice: 'Notices',
  shortcut: 'Shortcuts',
  stafftype: 'Staff types',
  api_docs: 'API docs',
  menu: 'Menus',
  menuapp: 'App menus',
  monitor: 'Monitoring',
  log: 'Logs',
  log_usual: 'Usual logs',
  log_api: 'API logs',
  log_error: 'Error logs',
  app: 'Mobile app',
  appinfo: 'App releases',
  appstartup: 'Startup pages',
  base: 'Basic settings',
  region: 'Regions',
  resource: 'Resources',
  oss: 'Object storage',
  sms: 'SMS settings',
  attach: 'Attachments',
  authority: 'Authority',
  datascope: 'Data scopes',
  apiscope: 'API scopes',
}

/** English names of the menus a feature seeds (its manifest's `menuNames`), added at start by the app. */
export function registerMenuNames(names: Readonly<Record<string, string>>): void {
  Object.assign(MENU_NAMES_EN, names)
}

/** A menu's name in the console's language: English for the seeded codes, else the stored name. */
export function menuName(node: { code?: string; name: string }, language: string): string {
  if (!language.startsWith('en') || !node.code) return node.name
  return MENU_NAMES_EN[node.code] ?? node.name
}
