import { attachContract, type BladeFile, putFileCall } from '@xpark/contract/schemas'
import { type CrudResource, fromContract } from '@/components/crud'
import { website } from '@/config'
import { useSession } from '@/stores/session'
import { useSettings } from '@/stores/settings'
import './i18n'

/** `blade_attach` row as the API serialises it. */
export interface Attach {
  id: string
  link: string
  domain: string
  name: string
  originalName: string
  extension: string
  attachSize: number
  createTime?: string
}

/** 1536 → "1.5 KB" */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${Math.round(value * 10) / 10} ${units[unit]}`
}

/** the signed link of a stored file, asking for it as a download under its original name */
export const downloadHref = (link: string) => `${link}${link.includes('?') ? '&' : '?'}download=1`

/**
 * POST one file to `put-file` (`putFileCall`) with upload progress (fetch cannot report it, XMLHttpRequest can).
 * Sends the same Authorization and Blade-Auth headers as the HTTP client; resolves the BladeFile,
 * rejects with the server's msg.
 */
export function uploadWithProgress(
  file: Blob,
  name: string,
  onProgress: (percent: number) => void,
): Promise<BladeFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${website.apiBase}/${putFileCall.path}`)
    // public OAuth client: the id only, never a secret
    xhr.setRequestHeader('Authorization', `Basic ${btoa(`${useSettings.getState().console.clientId}:`)}`)
    const token = useSession.getState().token
    if (token) xhr.setRequestHeader(website.tokenHeader, `bearer ${token}`)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100))
    }
    xhr.onload = () => {
      let body: { code?: number; msg?: string; data?: BladeFile } = {}
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        // not an envelope: reported below by status
      }
      if (xhr.status === 200 && Number(body.code) === 200 && body.data) resolve(body.data)
      else reject(new Error(body.msg || `HTTP ${xhr.status}`))
    }
    xhr.onerror = () => reject(new Error('network error'))
    const form = new FormData()
    form.append('file', file, name)
    xhr.send(form)
  })
}

/** 附件管理: search by name and extension; rows come from uploads (no add/edit dialog). */
export const attachResource = (extra: Pick<CrudResource<Attach>, 'rowExtra' | 'toolbarExtra'> = {}) =>
  fromContract<Attach>(attachContract, {
    title: 'attach.title',
    // the row actions as text buttons, as before the contract
    compactActions: false,
    actions: { add: false, edit: false, copy: false },
    ...extra,
    testIds: {
      page: 'attach-page',
      table: 'attach-table',
      bulkDelete: 'attach-bulk-delete',
      searchSubmit: 'attach-search-submit',
      searchReset: 'attach-search-reset',
    },
    columns: [
      {
        prop: 'originalName',
        label: 'attach.originalName',
        search: 'input',
        sortable: true,
        ellipsis: true,
        form: false,
        testId: { search: 'attach-search-originalName' },
      },
      {
        prop: 'extension',
        label: 'attach.extension',
        search: 'input',
        width: 100,
        form: false,
        testId: { search: 'attach-search-extension' },
      },
      {
        prop: 'attachSize',
        label: 'attach.attachSize',
        width: 110,
        sortable: true,
        render: (v) => formatSize(Number(v)),
        form: false,
      },
      { prop: 'domain', label: 'attach.domain', ellipsis: true, hidden: true, form: false },
      { prop: 'name', label: 'attach.name', ellipsis: true, hidden: true, form: false },
      { prop: 'createTime', label: 'attach.createTime', width: 170, sortable: true, form: false },
    ],
  })
