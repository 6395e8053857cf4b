import type { TreeNode } from '@xpark/contract/schemas'
import { App, type ButtonProps, Empty, Modal, Spin, Tree } from 'antd'
import { type Key, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The keys to show checked in a (non-strict) checkable tree: the granted leaves. Parents follow from
 * their children; checking a granted parent itself would check its whole branch.
 */
export function checkedLeaves<N extends { key: string; children?: N[] }>(
  nodes: N[],
  granted: ReadonlySet<string>,
): string[] {
  const out: string[] = []
  const walk = (node: N) => {
    if (node.children?.length) node.children.forEach(walk)
    else if (granted.has(node.key)) out.push(node.key)
  }
  nodes.forEach(walk)
  return out
}

/** What a grant saves: the checked keys and their half-checked parents (so a parent menu shows), once each. */
export function grantedKeys(checked: readonly Key[], halfChecked: readonly Key[]): string[] {
  return [...new Set([...checked, ...halfChecked].map(String))]
}

/** `title` path of every node (`系统管理/用户管理`), for test ids that read like the tree. */
function titlePaths(nodes: TreeNode[], prefix = '', out = new Map<string, string>()) {
  for (const n of nodes) {
    const path = prefix ? `${prefix}/${n.title}` : n.title
    out.set(n.key, path)
    titlePaths(n.children ?? [], path, out)
  }
  return out
}

export interface TreeGrantDialogProps {
  open: boolean
  title: string
  /** the tree to offer and the keys granted now; a rejection closes the dialog (the HTTP client said why) */
  load: () => Promise<{ tree: TreeNode[]; keys: readonly string[] }>
  /** save the granted keys (`grantedKeys`); a rejection keeps the dialog open */
  save: (keys: string[]) => Promise<void>
  onClose: () => void
  /** test ids: `<testId>-tree`, `<testId>-submit`, `<testId>-node-<title path>` */
  testId: string
  /** shown when the tree is empty */
  emptyText: string
  /** the success message after saving */
  doneText: string
  width?: number
}

/**
 * A checkable tree in a dialog: load what may be granted and what is granted, save the new set
 * (grants of top menus, park products, agents). Granted leaves show checked, parents follow.
 */
export function TreeGrantDialog({
  open,
  title,
  load,
  save,
  onClose,
  testId,
  emptyText,
  doneText,
  width = 520,
}: TreeGrantDialogProps) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [tree, setTree] = useState<TreeNode[]>()
  const [checked, setChecked] = useState<Key[]>([])
  const [half, setHalf] = useState<Key[]>([])
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!open) return
    let live = true
    setTree(undefined)
    load().then(
      ({ tree: nodes, keys }) => {
        if (!live) return
        setTree(nodes)
        setChecked(checkedLeaves(nodes, new Set(keys)))
        setHalf([])
      },
      () => live && onClose(),
    )
    return () => {
      live = false
    }
  }, [open, load, onClose])

  const paths = useMemo(() => titlePaths(tree ?? []), [tree])

  async function submit() {
    setSaving(true)
    try {
      await save(grantedKeys(checked, half))
      void message.success(doneText)
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
      title={title}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': `${testId}-submit`, disabled: !tree } as ButtonProps}
      width={width}
      destroyOnHidden
    >
      <div data-testid={`${testId}-tree`} style={{ maxHeight: 480, overflow: 'auto' }}>
        {!tree ? (
          <Spin />
        ) : tree.length === 0 ? (
          <Empty description={emptyText} />
        ) : (
          <Tree<TreeNode>
            checkable
            selectable={false}
            defaultExpandAll
            treeData={tree}
            checkedKeys={checked}
            onCheck={(keys, info) => {
              setChecked(Array.isArray(keys) ? keys : keys.checked)
              setHalf(info.halfCheckedKeys ?? [])
            }}
            titleRender={(n) => (
              <span data-testid={`${testId}-node-${paths.get(n.key) ?? n.key}`}>{n.title}</span>
            )}
          />
        )}
      </div>
    </Modal>
  )
}
