import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { TreeNode } from '@xpark/contract/schemas'
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Tree,
  type TreeDataNode,
} from 'antd'
import { useCallback, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '@/stores/session'
import { REGION_ROOT, type Region, regionApi } from './region'

type Editing =
  | { mode: 'edit'; code: string; name: string; level: number }
  | { mode: 'add'; parentCode: string; parentName: string; level: number }

const LEVELS = [1, 2, 3, 4, 5] as const
const rootQueryKey = ['blade-system/region', 'lazy-tree', REGION_ROOT]

/**
 * 行政区划 (`/base/region`): the regions as a tree loaded one level at a time, the chosen region's
 * form on the right (edit, add a child, remove after the confirm).
 */
export default function RegionPage() {
  const { t } = useTranslation()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const permission = useSession((s) => s.permission)
  const can = (code: string) => permission[code] === true
  const [form] = Form.useForm<Region>()
  const roots = useQuery({ queryKey: rootQueryKey, queryFn: () => regionApi.children(REGION_ROOT) })
  /** loaded levels: parent code → children */
  const [kids, setKids] = useState<Record<string, TreeNode[]>>({})
  const [expanded, setExpanded] = useState<string[]>([])
  const [editing, setEditing] = useState<Editing>()
  const [loading, setLoading] = useState(false)
  const [saving, setSaving] = useState(false)
  const ticket = useRef(0)

  /** levels of the nodes seen, to know a new child's level */
  const levelOf = useMemo(() => {
    const out = new Map<string, number>()
    const walk = (nodes: TreeNode[] | undefined, level: number) =>
      nodes?.forEach((n) => {
        out.set(n.key, level)
        walk(kids[n.key], level + 1)
      })
    walk(roots.data, 1)
    return out
  }, [roots.data, kids])

  const treeData = useMemo(() => {
    const build = (nodes: TreeNode[] | undefined): TreeDataNode[] =>
      (nodes ?? []).map((n) => ({
        key: n.key,
        title: <span data-testid={`region-node-${n.key}`}>{n.title}</span>,
        isLeaf: !n.hasChildren && !kids[n.key]?.length,
        children: kids[n.key] ? build(kids[n.key]) : undefined,
      }))
    return build(roots.data)
  }, [roots.data, kids])

  const loadLevel = useCallback(async (parentCode: string) => {
    const list = await regionApi.children(parentCode)
    setKids((m) => ({ ...m, [parentCode]: list ?? [] }))
  }, [])

  /** after a write: read the level that changed again */
  const reloadLevel = useCallback(
    async (parentCode: string) => {
      if (parentCode === REGION_ROOT) await queryClient.invalidateQueries({ queryKey: rootQueryKey })
      else await loadLevel(parentCode).catch(() => undefined)
    },
    [queryClient, loadLevel],
  )

  const select = useCallback(
    (code: string, name: string) => {
      const mine = ++ticket.current
      const level = levelOf.get(code) ?? 1
      setEditing({ mode: 'edit', code, name, level })
      form.resetFields()
      setLoading(true)
      regionApi
        .detail(code)
        .then((row) => {
          if (ticket.current === mine && row) form.setFieldsValue(row)
        })
        .catch(() => undefined) // the HTTP client showed why
        .finally(() => ticket.current === mine && setLoading(false))
    },
    [form, levelOf],
  )

  const startAdd = (parentCode: string, parentName: string, level: number) => {
    ticket.current++
    setLoading(false)
    setEditing({ mode: 'add', parentCode, parentName, level })
    form.resetFields()
    form.setFieldsValue({
      parentCode,
      parentName,
      regionLevel: level as Region['regionLevel'],
      code: parentCode === REGION_ROOT ? '' : parentCode,
      sort: 1,
    })
  }

  async function save() {
    const values = await form.validateFields().catch(() => null)
    if (!values || !editing) return
    setSaving(true)
    try {
      const { parentName: _shown, ...rest } = values
      // cleared optional fields are left out, not sent as null
      const body = Object.fromEntries(
        Object.entries(rest).filter(([, v]) => v !== null && v !== undefined),
      ) as Omit<Region, 'parentName'>
      await regionApi.submit({ ...body, code: body.code.trim(), name: body.name.trim() })
      void message.success(t(editing.mode === 'add' ? 'common.addSuccess' : 'common.updateSuccess'))
      await reloadLevel(body.parentCode)
      if (editing.mode === 'add') {
        if (body.parentCode !== REGION_ROOT)
          setExpanded((keys) => (keys.includes(body.parentCode) ? keys : [...keys, body.parentCode]))
        select(body.code.trim(), body.name.trim())
      } else setEditing({ ...editing, name: body.name.trim() })
    } catch {
      // the HTTP client showed why; the form keeps its values
    } finally {
      setSaving(false)
    }
  }

  function remove() {
    if (editing?.mode !== 'edit') return
    const { code } = editing
    const parentCode = form.getFieldValue('parentCode') as string | undefined
    modal.confirm({
      title: t('common.tip'),
      content: t('common.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' },
      cancelButtonProps: { 'data-testid': 'confirm-cancel' },
      onOk: async () => {
        try {
          await regionApi.remove(code)
        } catch {
          return // the HTTP client showed why (e.g. 请先删除子节点!)
        }
        void message.success(t('common.deleteSuccess'))
        setEditing(undefined)
        form.resetFields()
        await reloadLevel(parentCode ?? REGION_ROOT)
      },
    })
  }

  const adding = editing?.mode === 'add'
  const writable = editing ? can(adding ? 'region_add' : 'region_edit') : false
  const levelOptions = LEVELS.map((l) => ({ value: l, label: t(`region.level.${l}`) }))

  return (
    <Row gutter={16} data-testid="region-page">
      <Col xs={24} lg={8}>
        <Card
          title={t('region.tree')}
          extra={
            can('region_add') && (
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => startAdd(REGION_ROOT, '', 1)}
                data-testid="region-add-root"
              >
                {t('region.addRoot')}
              </Button>
            )
          }
        >
          <div data-testid="region-tree" style={{ maxHeight: 640, overflow: 'auto' }}>
            {roots.isLoading ? (
              <Spin />
            ) : treeData.length === 0 ? (
              <Empty />
            ) : (
              <Tree
                treeData={treeData}
                expandedKeys={expanded}
                onExpand={(keys) => setExpanded(keys.map(String))}
                selectedKeys={editing?.mode === 'edit' ? [editing.code] : []}
                loadData={(node) =>
                  kids[String(node.key)] ? Promise.resolve() : loadLevel(String(node.key))
                }
                onSelect={(_keys, info) => {
                  const key = String(info.node.key)
                  const label = roots.data?.find((n) => n.key === key)?.title
                  select(key, label ?? findTitle(kids, key) ?? key)
                }}
              />
            )}
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card
          title={
            editing
              ? adding
                ? editing.parentCode === REGION_ROOT
                  ? t('region.newRoot')
                  : t('region.newUnder', { name: editing.parentName })
                : `${editing.name} (${editing.code})`
              : t('region.tree')
          }
          data-testid="region-detail"
        >
          {!editing ? (
            <Empty description={t('region.pick')} />
          ) : (
            <Spin spinning={loading}>
              <Form form={form} layout="vertical" disabled={!writable} data-testid="region-form">
                <Row gutter={16}>
                  <Col span={12}>
                    <Form.Item name="parentCode" label={t('region.parentCode')}>
                      <Input disabled data-testid="region-parentCode" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name="parentName" label={t('region.parentName')}>
                      <Input disabled />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item
                      name="code"
                      label={t('region.code')}
                      extra={
                        adding && editing.parentCode !== REGION_ROOT ? t('region.codePrefix') : undefined
                      }
                      rules={[
                        { required: true, whitespace: true, message: t('enter region code') },
                        { pattern: /^\s*\d{2,12}\s*$/, message: t('enter region code') },
                      ]}
                    >
                      <Input disabled={!adding} maxLength={12} data-testid="region-code" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item
                      name="name"
                      label={t('region.name')}
                      rules={[{ required: true, whitespace: true, message: t('enter region name') }]}
                    >
                      <Input maxLength={32} data-testid="region-name" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name="regionLevel" label={t('region.level')}>
                      <Select disabled options={levelOptions} />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name="sort" label={t('region.sort')}>
                      <InputNumber precision={0} style={{ width: '100%' }} data-testid="region-sort" />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item name="remark" label={t('region.remark')}>
                      <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 6 }} />
                    </Form.Item>
                  </Col>
                </Row>
              </Form>
              <Space>
                {writable && (
                  <Button
                    type="primary"
                    icon={<SaveOutlined />}
                    loading={saving}
                    onClick={() => void save()}
                    data-testid="region-save"
                  >
                    {t('region.save')}
                  </Button>
                )}
                {!adding && can('region_add') && editing.level < 5 && (
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => startAdd(editing.code, editing.name, editing.level + 1)}
                    data-testid="region-add-child"
                  >
                    {t('region.addChild')}
                  </Button>
                )}
                {!adding && can('region_delete') && (
                  <Button danger icon={<DeleteOutlined />} onClick={remove} data-testid="region-delete">
                    {t('common.delete')}
                  </Button>
                )}
                {adding && (
                  <Button onClick={() => setEditing(undefined)} data-testid="region-cancel">
                    {t('common.cancel')}
                  </Button>
                )}
              </Space>
            </Spin>
          )}
        </Card>
      </Col>
    </Row>
  )
}

function findTitle(kids: Record<string, TreeNode[]>, key: string): string | undefined {
  for (const list of Object.values(kids)) {
    const hit = list.find((n) => n.key === key)
    if (hit) return hit.title
  }
  return undefined
}
