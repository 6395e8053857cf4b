import type { R } from '@xpark/contract'
import { website } from '../config'
import i18n from '../i18n'
import { clearSession } from '../stores'
import { useErrorLog } from '../stores/errorLog'
import { useSession } from '../stores/session'
import { useSettings } from '../stores/settings'
import { createHttp, type Query } from './httpCore'
import { notifyError } from './notify'
import { progress } from './progress'

export { HttpError } from './httpCore'

export const http = createHttp({
  // a value import from @xpark/contract would pull zod into the login chunk: keep the base here
  baseUrl: website.apiBase,
  fetch: (...args) => fetch(...args),
  getToken: () => useSession.getState().token,
  getClientId: () => useSettings.getState().console.clientId,
  getCryptoKey: () => useSettings.getState().console.cryptoPublicKey,
  notifyError,
  onUnauthorized: () => {
    clearSession()
    window.location.hash = `#${website.loginPage}`
  },
  onPasswordChangeRequired: () => {
    const { userInfo, setUserInfo } = useSession.getState()
    if (userInfo && !userInfo.passwordChangeRequired)
      setUserInfo({ ...userInfo, passwordChangeRequired: true })
  },
  recordFailure: ({ url, message, status }) =>
    useErrorLog.getState().add({ type: 'request', url, message, stack: '', info: `status ${status}` }),
  progress,
  statusWhiteList: website.statusWhiteList,
  timeoutMs: website.requestTimeoutMs,
  t: (key) => i18n.t(key),
})

/** GET an `R<T>` and return its data. */
export async function getData<T>(path: string, params?: Query): Promise<T> {
  return (await http.get<R<T>>(path, params)).data
}

/** POST (query params and/or JSON body) an `R<T>` and return its data. */
export async function postData<T>(path: string, params?: Query, body?: unknown): Promise<T> {
  return (await http.post<R<T>>(path, params, body)).data
}
