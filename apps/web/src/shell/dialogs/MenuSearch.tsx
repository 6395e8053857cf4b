import { SearchOutlined } from '@ant-design/icons'
import type { MenuNode } from '@xpark/contract'
import { AutoComplete, Empty, Input, List, Modal } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { menuName } from '../../i18n/menuNames'
import { useSession } from '../../stores/session'
import { menuTarget, searchMenu, visibleMenu } from '../menu'

function useMenuSearch(text: string) {
  const menu = useSession((s) => s.menu)
  const roles = useSession((s) => s.userInfo?.roleAliases)
  const tree = useMemo(() => visibleMenu(menu, roles ?? []), [menu, roles])
  return useMemo(() => searchMenu(tree, text), [tree, text])
}

function useGo() {
  const navigate = useNavigate()
  return (node: MenuNode) => {
    const target = menuTarget(node)
    if (target.kind === 'window') window.open(target.url, '_blank', 'noopener')
    else navigate(target.to)
  }
}

/** Menu search dialog: leaf items by name prefix, case-insensitive; Esc closes it (antd Modal keyboard). */
export function MenuSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const [text, setText] = useState('')
  const hits = useMenuSearch(text)
  const go = useGo()
  const choose = (node: MenuNode) => {
    go(node)
    setText('')
    onClose()
  }
  return (
    <Modal open={open} title={t('menu.search')} onCancel={onClose} footer={null} keyboard destroyOnHidden>
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('menu.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => hits[0] && choose(hits[0])}
        data-testid="menu-search-input"
      />
      <List
        style={{ marginTop: 12, maxHeight: 360, overflow: 'auto' }}
        dataSource={hits}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menu.noMatch')} /> }}
        renderItem={(node) => (
          <List.Item
            onClick={() => choose(node)}
            style={{ cursor: 'pointer' }}
            data-testid={`menu-search-item-${node.path}`}
          >
            <List.Item.Meta title={menuName(node, i18n.language)} description={node.path} />
          </List.Item>
        )}
      />
    </Modal>
  )
}

/** The top-bar autocomplete over the same search. */
export function MenuSearchBox() {
  const { t, i18n } = useTranslation()
  const [text, setText] = useState('')
  const hits = useMenuSearch(text)
  const go = useGo()
  return (
    <AutoComplete
      value={text}
      onChange={setText}
      placeholder={t('menu.searchPlaceholder')}
      aria-label={t('menu.search')}
      data-testid="menu-search-box"
      defaultActiveFirstOption
      style={{ width: 200 }}
      options={text ? hits.map((n) => ({ value: n.id, label: menuName(n, i18n.language) })) : []}
      onSelect={(id) => {
        const node = hits.find((n) => n.id === id)
        if (node) go(node)
        setText('')
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setText('')
      }}
    />
  )
}
