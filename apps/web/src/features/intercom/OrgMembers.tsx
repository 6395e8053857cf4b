import { useQuery } from '@tanstack/react-query'
import type { IntercomOrg, IntercomUser } from '@xpark/contract/modules/intercom'
import { INTERCOM_PERMISSIONS } from '@xpark/contract/modules/intercom'
import { Button, Card, Col, Empty, Input, Row, Spin, Table, Tree } from 'antd'
import type { DataNode } from 'antd/es/tree'
import { useEffect, useMemo, useState } from 'react'
import { BusyArea } from '@/components/BusyArea'
import { useTr } from '@/components/crud/i18n'
import { usePermission } from '@/stores/session'
import { membersQuery, orgsQuery } from './api'
import { useIntercomFeedback } from './feedback'
import { PermissionsPanel } from './PermissionsPanel'

/** The flat org list (OrgId, OrgParentId) as a tree. */
export function orgTree(orgs: readonly IntercomOrg[]): DataNode[] {
  const nodes = new Map<string, DataNode & { children: DataNode[] }>()
  for (const o of orgs) nodes.set(o.orgId, { key: o.orgId, title: o.orgName, children: [] })
  const roots: DataNode[] = []
  for (const o of orgs) {
    const node = nodes.get(o.orgId)!
    const parent = nodes.get(o.orgParentId)
    if (parent && parent !== node) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

/** The organisation tree beside the members of the picked org, with search and the permissions panel. */
export function OrgMembers() {
  const tr = useTr()
  const feedback = useIntercomFeedback()
  const mayEdit = usePermission(INTERCOM_PERMISSIONS.permission)
  const orgs = useQuery(orgsQuery())
  const [orgId, setOrgId] = useState('')
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<IntercomUser | null>(null)
  const members = useQuery({ ...membersQuery(orgId, search), enabled: orgId !== '' || search !== '' })
  const tree = useMemo(() => orgTree(orgs.data ?? []), [orgs.data])

  useEffect(() => {
    if (orgs.error) feedback(orgs.error)
  }, [orgs.error, feedback])
  useEffect(() => {
    if (members.error) feedback(members.error)
  }, [members.error, feedback])

  return (
    <Row gutter={12}>
      <Col xs={24} md={7}>
        <Card size="small" title={tr('intercom.orgs')} data-testid="intercom-org-tree">
          {orgs.isLoading ? (
            <Spin />
          ) : tree.length ? (
            <Tree
              treeData={tree}
              defaultExpandAll
              selectedKeys={orgId ? [orgId] : []}
              onSelect={(keys) => setOrgId(String(keys[0] ?? ''))}
            />
          ) : (
            <Empty />
          )}
        </Card>
      </Col>
      <Col xs={24} md={17}>
        <Card
          size="small"
          title={tr('intercom.tab.members')}
          extra={
            <Input.Search
              allowClear
              data-testid="intercom-member-search"
              placeholder={tr('intercom.search')}
              onSearch={(v) => setSearch(v.trim())}
              style={{ width: 240 }}
            />
          }
        >
          {orgId === '' && search === '' ? (
            <Empty description={tr('intercom.pickOrg')} />
          ) : (
            <BusyArea busy={members.isFetching}>
              <Table<IntercomUser>
                data-testid="intercom-members"
                rowKey="uid"
                size="small"
                virtual
                scroll={{ y: 480 }}
                dataSource={members.data ?? []}
                pagination={false}
                locale={{ emptyText: <Empty description={tr('intercom.noMembers')} /> }}
                columns={[
                  { title: tr('intercom.uid'), dataIndex: 'uid', width: 100 },
                  { title: tr('intercom.name'), dataIndex: 'name', width: 120 },
                  { title: tr('intercom.phone'), dataIndex: 'phone', width: 130 },
                  { title: tr('intercom.email'), dataIndex: 'email' },
                  {
                    title: tr('intercom.role'),
                    dataIndex: 'role',
                    width: 90,
                    render: (r: number) => tr(`intercom.role.${r}`),
                  },
                  {
                    title: '',
                    key: 'actions',
                    width: 100,
                    render: (_: unknown, row) => (
                      <Button
                        size="small"
                        type="link"
                        data-testid={`intercom-permissions-${row.uid}`}
                        onClick={() => setEditing(row)}
                      >
                        {tr('intercom.permissions')}
                      </Button>
                    ),
                  },
                ]}
              />
            </BusyArea>
          )}
        </Card>
      </Col>
      {editing ? (
        <PermissionsPanel member={editing} mayEdit={mayEdit} onClose={() => setEditing(null)} />
      ) : null}
    </Row>
  )
}
