/** Console-wide constants (spec 01 §9). Server-driven values come from `GET console/settings`. */
export const website = {
  /** API prefix (the dev proxy and the server use the same one) */
  apiBase: '/xparkApi',
  /** localStorage / sessionStorage key prefix */
  storagePrefix: 'xpark-',
  homePath: '/wel/index',
  lockPage: '/lock',
  loginPage: '/login',
  /** routes reachable without a session */
  publicPaths: ['/login', '/lock', '/404', '/403', '/500'],
  /** pages shown signed out under these prefixes: a meeting room's door screen (its own token in the address), the apps' download pages */
  publicPrefixes: ['/meeting-display/', '/download/'],
  /**
   * big screens opened by a link (issue 32): shown signed out, and their `token` query parameter is the
   * link's token, never a sign-in token to adopt (without a valid one they show only 链接无效或已过期)
   */
  linkPaths: ['/datavview', '/wel/screen', '/wel/assetsscreen'],
  tokenHeader: 'Blade-Auth',
  defaultTenantId: '000000',
  /** spec §9: access token lifetime setting, used until console/settings answers */
  defaultTokenTime: 300_000,
  refreshCheckMs: 60_000,
  requestTimeoutMs: 10_000,
  /** how many keep-alive tabs stay mounted (hidden) at once */
  keepAliveCap: 10,
  pageSize: 10,
  pageSizeOptions: [10, 20, 30, 40, 50, 100],
  defaultTheme: 'theme-d2',
  defaultColor: '#409EFF',
  /** statuses the caller handles itself: the HTTP client rejects them without a toast */
  statusWhiteList: [] as number[],
  errorLogCap: 200,
} as const

export function isPublicPath(path: string): boolean {
  return (
    (website.publicPaths as readonly string[]).includes(path) ||
    isLinkPath(path) ||
    website.publicPrefixes.some((prefix) => path.startsWith(prefix))
  )
}

/** A big screen opened by a link: `?token=` there is the link's token (see `website.linkPaths`). */
export function isLinkPath(path: string): boolean {
  return (website.linkPaths as readonly string[]).includes(path)
}
