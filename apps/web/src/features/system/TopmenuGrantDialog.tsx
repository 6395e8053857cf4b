import type { TreeNode } from '@xpark/contract/schemas'
import { App, Empty, Modal, Spin, Tree } from 'antd'
import { type Key, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getData, postData } from '@/api/http'
import { checkedLeaves } from './topmenu'

/**
 * 菜单配置 of top menus: the menu tree the caller may place (`grant-top-tree`), checked with what
 * these top menus show now (`top-tree-keys`); 确定 replaces their set (`topmenu/grant`). Parents of
 * checked menus are sent too (half-checked), so the top menu shows them.
 */
export function TopmenuGrantDialog({ ids, onClose }: { ids: string[] | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const open = Boolean(ids?.length)
  const [tree, setTree] = useState<TreeNode[]>()
  const [checked, setChecked] = useState<Key[]>([])
  const [half, setHalf] = useState<Key[]>([])
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!ids?.length) return
    let live = true
    setTree(undefined)
    Promise.all([
      getData<{ menu: TreeNode[] }>('blade-system/menu/grant-top-tree'),
      getData<{ menu: string[] }>('blade-system/menu/top-tree-keys', { topMenuIds: ids.join(',') }),
    ]).then(
      ([menus, keys]) => {
        if (!live) return
        const nodes = menus?.menu ?? []
        setTree(nodes)
        setChecked(checkedLeaves(nodes, new Set(keys?.menu ?? [])))
        setHalf([])
      },
      () => live && onClose(), // the HTTP client showed why
    )
    return () => {
      live = false
    }
  }, [ids, onClose])

  const allKeys = useMemo(() => {
    const out: string[] = []
    const walk = (n: TreeNode) => {
      out.push(n.key)
      n.children?.forEach(walk)
    }
    tree?.forEach(walk)
    return out
  }, [tree])

  async function submit() {
    if (!ids?.length) return
    setSaving(true)
    try {
      const menuIds = [...new Set([...checked, ...half].map(String))]
      await postData('blade-system/topmenu/grant', undefined, { topMenuIds: ids, menuIds })
      void message.success(t('dict.done'))
      onClose()
    } catch {
      // the HTTP client showed why; the dialog stays open
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('topmenu.settingTitle')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'topmenu-grant-submit', disabled: !tree }}
      width={520}
      destroyOnHidden
    >
      <div data-testid="topmenu-grant-tree" style={{ maxHeight: 480, overflow: 'auto' }}>
        {!tree ? (
          <Spin />
        ) : tree.length === 0 ? (
          <Empty description={t('topmenu.noMenus')} />
        ) : (
          <Tree<TreeNode>
            checkable
            defaultExpandedKeys={allKeys}
            treeData={tree}
            checkedKeys={checked}
            onCheck={(keys, info) => {
              setChecked(Array.isArray(keys) ? keys : keys.checked)
              setHalf(info.halfCheckedKeys ?? [])
            }}
          />
        )}
      </div>
    </Modal>
  )
}
