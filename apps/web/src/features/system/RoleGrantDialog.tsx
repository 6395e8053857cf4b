import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { TreeNode } from '@xpark/contract/schemas'
import { App, Button, Empty, Modal, Spin, Tabs, Tree } from 'antd'
import { type Key, useMemo, useState } from 'react'
import { useSystemT } from './i18n'
import {
  type GrantKeys,
  type GrantTrees,
  grantKeysKey,
  grantKeysQuery,
  grantRoles,
  grantTreeQuery,
} from './roleApi'
import { buildGrantRequest, type GrantTab, initialChecked } from './roleGrant'

type TabLabel = 'role.grantMenu' | 'role.grantMenuApp' | 'role.grantDataScope' | 'role.grantApiScope'
/** In the spec's order (01 §6): menus, app menus, data scopes, API scopes. */
const TABS: { key: GrantTab; label: TabLabel }[] = [
  { key: 'menu', label: 'role.grantMenu' },
  { key: 'menuApp', label: 'role.grantMenuApp' },
  { key: 'dataScope', label: 'role.grantDataScope' },
  { key: 'apiScope', label: 'role.grantApiScope' },
]

/** id → `系统管理/参数管理/查看`: stable test ids for nodes whose titles repeat (every screen has 查看). */
function pathsOf(nodes: readonly TreeNode[]): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (list: readonly TreeNode[], prefix: string) => {
    for (const n of list) {
      const path = prefix ? `${prefix}/${n.title}` : n.title
      out.set(n.id, path)
      if (n.children) walk(n.children, path)
    }
  }
  walk(nodes, '')
  return out
}

/**
 * 权限设置 (spec 01 §6): four checkable trees (menus, app menus, data scopes, API scopes) of what the caller may
 * grant, prefilled with what the roles hold; OK replaces the roles' grants. A refusal of the server
 * (`无权配置超管角色!`) is shown by the HTTP client and keeps the dialog open.
 */
export function RoleGrantDialog({ roleIds, onClose }: { roleIds: string[] | null; onClose: () => void }) {
  const t = useSystemT()
  const open = roleIds !== null
  const trees = useQuery({ ...grantTreeQuery(), enabled: open })
  const keys = useQuery({ ...grantKeysQuery(roleIds ?? []), enabled: open })
  const ready = trees.data && keys.data
  return (
    <Modal
      open={open}
      title={t('role.grant')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
      data-testid="role-grant-dialog"
    >
      {ready && roleIds ? (
        <GrantForm
          key={roleIds.join(',')}
          roleIds={roleIds}
          trees={trees.data}
          granted={keys.data}
          onClose={onClose}
        />
      ) : (
        <Spin spinning>
          <div style={{ height: 200 }} />
        </Spin>
      )}
    </Modal>
  )
}

function GrantForm({
  roleIds,
  trees,
  granted,
  onClose,
}: {
  roleIds: string[]
  trees: GrantTrees
  granted: GrantKeys
  onClose: () => void
}) {
  const t = useSystemT()
  const { message } = App.useApp()
  const client = useQueryClient()
  const [checked, setChecked] = useState(() => initialChecked(trees, granted))
  const [saving, setSaving] = useState(false)
  const paths = useMemo(
    () => ({
      menu: pathsOf(trees.menu),
      dataScope: pathsOf(trees.dataScope),
      apiScope: pathsOf(trees.apiScope),
      menuApp: pathsOf(trees.menuApp),
    }),
    [trees],
  )

  async function submit() {
    setSaving(true)
    try {
      await grantRoles(buildGrantRequest(roleIds, trees, checked))
      void message.success(t('common.updateSuccess'))
      void client.invalidateQueries({ queryKey: grantKeysKey })
      onClose()
    } catch {
      // the HTTP client showed the server's message; the checks stay for another try
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <Tabs
        items={TABS.map(({ key, label }) => ({
          key,
          label: <span data-testid={`role-grant-tab-${key}`}>{t(label)}</span>,
          children: trees[key].length ? (
            <div style={{ maxHeight: 420, overflow: 'auto' }} data-testid={`role-grant-tree-${key}`}>
              <Tree<TreeNode>
                checkable
                selectable={false}
                defaultExpandAll
                treeData={trees[key]}
                fieldNames={{ title: 'title', key: 'id', children: 'children' }}
                checkedKeys={checked[key]}
                onCheck={(next) => {
                  const list = (Array.isArray(next) ? next : next.checked) as Key[]
                  setChecked((c) => ({ ...c, [key]: list.map(String) }))
                }}
                titleRender={(n) => (
                  <span data-testid={`role-grant-node-${paths[key].get(n.id) ?? n.id}`}>{n.title}</span>
                )}
              />
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.grantNothing')} />
          ),
        }))}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12 }}>
        <Button onClick={onClose} data-testid="role-grant-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="primary" loading={saving} onClick={submit} data-testid="role-grant-submit">
          {t('common.ok')}
        </Button>
      </div>
    </>
  )
}
