import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { deptContract, deptTreeCall, type TreeNode, userSearchCall } from '@xpark/contract/schemas'
import { App, Button, Form, Input, Modal, Space, Table, type TableProps, TreeSelect } from 'antd'
import { type Key, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { callApi } from '@/api/calls'
import { BusyArea } from '@/components/BusyArea'
import { dropEmpty } from '@/components/crud'
import type { MessageKey } from '@/i18n'

/** One person as the picker's search answers (spec 01 §3 "User (picker)"). */
export interface PickedUser {
  id: string
  account: string
  realName: string
  deptName: string
  phone: string
  deptId?: string
}

interface Filters {
  realName?: string
  deptId?: string
  phone?: string
}

/** Spec 01 §9: the user picker shows 10 per page. */
export const USER_PICKER_PAGE_SIZE = 10

const searchQuery = (current: number, filters: Filters) =>
  queryOptions({
    queryKey: [userSearchCall.path, current, filters],
    queryFn: () =>
      callApi(userSearchCall, {
        current: String(current),
        size: String(USER_PICKER_PAGE_SIZE),
        ...dropEmpty({ ...filters }),
      }),
  })

/** The dept tree, under the dept resource's key (the system screens share and refresh it). */
const deptNodesQuery = () =>
  queryOptions({
    queryKey: [deptContract.code, 'nodes'],
    queryFn: (): Promise<TreeNode[]> => callApi(deptTreeCall, {}),
    staleTime: 60_000,
  })

export interface UserPickerProps {
  open: boolean
  /** checkboxes (several people); radios by default (spec 01 §2: single by default) */
  multiple?: boolean
  /** i18n key of the title (default 人员选择) */
  title?: MessageKey
  onOk: (users: PickedUser[]) => void
  onCancel: () => void
}

/**
 * 人员选择 (spec 01 §2): search the tenant's people by name, department and phone, 10 per page, pick
 * one (radio) or several (checkbox, kept across pages); confirming with nobody picked warns
 * 请选择至少一条数据 (§5). It reads only the picker's search (`userSearchCall`).
 */
export function UserPicker({ open, multiple = false, title, onOk, onCancel }: UserPickerProps) {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      title={t(title ?? 'person selection')}
      width={900}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
    >
      {open && (
        <div data-testid="user-picker">
          <PickerBody multiple={multiple} onOk={onOk} onCancel={onCancel} />
        </div>
      )}
    </Modal>
  )
}

function PickerBody({
  multiple,
  onOk,
  onCancel,
}: Required<Pick<UserPickerProps, 'multiple' | 'onOk' | 'onCancel'>>) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Filters>()
  const [filters, setFilters] = useState<Filters>({})
  const [current, setCurrent] = useState(1)
  // picked rows by id: checkbox picks survive paging and searching
  const [picked, setPicked] = useState<Map<string, PickedUser>>(() => new Map())
  const list = useQuery({ ...searchQuery(current, filters), placeholderData: keepPreviousData })
  const depts = useQuery(deptNodesQuery())

  // a page emptied by a narrower search goes back to the last page that has rows
  const total = list.data?.total ?? 0
  useEffect(() => {
    const last = Math.max(1, Math.ceil(total / USER_PICKER_PAGE_SIZE))
    if (list.data && current > last) setCurrent(last)
  }, [list.data, total, current])

  const search = (values: Filters) => {
    setFilters(dropEmpty({ ...values, realName: values.realName?.trim(), phone: values.phone?.trim() }))
    setCurrent(1) // spec 01 §5: changing the search resets to page 1
  }

  const columns: TableProps<PickedUser>['columns'] = useMemo(
    () => [
      { dataIndex: 'realName', title: t('user.realName') },
      { dataIndex: 'account', title: t('user.account') },
      { dataIndex: 'deptName', title: t('user.dept'), ellipsis: true },
      { dataIndex: 'phone', title: t('user.phone') },
    ],
    [t],
  )

  const rows = list.data?.records ?? []
  const selectedRowKeys = [...picked.keys()]
  const onSelect = (keys: Key[], selected: PickedUser[]) => {
    if (!multiple) return setPicked(new Map(selected.map((u) => [u.id, u])))
    // keys spans every page (preserveSelectedRowKeys); rows of other pages come from what was kept
    const next = new Map<string, PickedUser>()
    for (const key of keys.map(String)) {
      const row = selected.find((u) => u?.id === key) ?? picked.get(key)
      if (row) next.set(key, row)
    }
    setPicked(next)
  }

  function confirm() {
    if (!picked.size) return void message.warning(t('common.selectOne'))
    onOk([...picked.values()])
  }

  return (
    <>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="realName" label={t('user.realName')}>
          <Input allowClear maxLength={20} data-testid="user-picker-realName" />
        </Form.Item>
        <Form.Item name="deptId" label={t('user.dept')}>
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            style={{ width: 180 }}
            loading={depts.isLoading}
            treeData={depts.data ?? []}
            fieldNames={{ label: 'title', value: 'id', children: 'children' }}
            treeDefaultExpandAll
            data-testid="user-picker-dept"
          />
        </Form.Item>
        <Form.Item name="phone" label={t('user.phone')}>
          <Input allowClear maxLength={11} data-testid="user-picker-phone" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="user-picker-search">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields()
              search({})
            }}
            data-testid="user-picker-reset"
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form>
      <BusyArea busy={list.isFetching}>
        <Table<PickedUser>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys,
            preserveSelectedRowKeys: true,
            onChange: onSelect,
          }}
          pagination={{
            current,
            pageSize: USER_PICKER_PAGE_SIZE,
            total,
            showSizeChanger: false,
            showTotal: (n) => t('common.total', { total: n }),
            onChange: setCurrent,
          }}
          data-testid="user-picker-table"
        />
      </BusyArea>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12 }}>
        <Button onClick={onCancel} data-testid="user-picker-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="primary" onClick={confirm} data-testid="user-picker-ok">
          {t('common.ok')}
        </Button>
      </div>
    </>
  )
}
