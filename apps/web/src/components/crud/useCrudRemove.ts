import { App } from 'antd'
import { type Dispatch, type Key, type SetStateAction, useCallback } from 'react'
import { useTr } from './i18n'
import { crudApi } from './query'
import type { CrudResource } from './types'

/**
 * Delete rows after the spec's confirm (01 §5): nothing selected warns 请选择至少一条数据; otherwise
 * 确定将选择数据删除? titled 提示 with 确定 / 取消, then 删除成功 and the removed rows leave the selection.
 */
export function useCrudRemove<T extends object>(
  resource: CrudResource<T>,
  setSelection: Dispatch<SetStateAction<{ keys: Key[]; rows: T[] }>>,
  refresh: () => void,
) {
  const tr = useTr()
  const { message, modal } = App.useApp()
  const rowKey = (resource.rowKey ?? 'id') as keyof T
  return useCallback(
    (rows: T[]) => {
      if (rows.length === 0) return void message.warning(tr('common.selectOne'))
      const ids = rows.map((r) => String(r[rowKey]))
      modal.confirm({
        title: tr('common.tip'),
        content: tr('common.deleteConfirm'),
        okText: tr('common.ok'),
        cancelText: tr('common.cancel'),
        okButtonProps: { 'data-testid': 'confirm-ok' },
        cancelButtonProps: { 'data-testid': 'confirm-cancel' },
        onOk: async () => {
          try {
            await crudApi.remove(resource, ids)
          } catch {
            return // the HTTP client showed why; nothing was removed
          }
          void message.success(tr('common.deleteSuccess'))
          setSelection((s) => ({
            keys: s.keys.filter((k) => !ids.includes(String(k))),
            rows: s.rows.filter((r) => !ids.includes(String(r[rowKey]))),
          }))
          refresh()
        },
      })
    },
    [message, modal, tr, rowKey, resource, setSelection, refresh],
  )
}
