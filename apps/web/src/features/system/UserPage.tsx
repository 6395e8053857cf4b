import {
  ApartmentOutlined,
  AuditOutlined,
  DesktopOutlined,
  KeyOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Col, Row } from 'antd'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { CrudPage, type CrudResource, RowButton } from '@/components/crud'
import { useSession } from '@/stores/session'
import { deptTreeQuery, FilterTree } from './deptTree'
import { useSystemT } from './i18n'
import { UserPlatformDialog } from './UserPlatformDialog'
import { UserTenantDialog } from './UserTenantDialog'
import { type User, userResource } from './user'
import { UserResetDialog, UserRoleDialog } from './userDialogs'

/**
 * 用户管理: the dept tree filters the table (`deptId`: that dept and its children) and is the dept a
 * new user starts in; 重置密码 (`user_reset`) and 角色配置 (`user_role`) act on the selected rows;
 * 租户授权 (a row action of the platform administrator only, as the server allows it to no one else)
 * lists and changes the tenants a user may switch into; 平台配置 (`user_edit`) sets an account's
 * platform type and extension data.
 */
export default function UserPage() {
  const t = useSystemT()
  const { message } = App.useApp()
  const depts = useQuery(deptTreeQuery())
  const [deptId, setDeptId] = useState<string>()
  const [resetting, setResetting] = useState<User[] | null>(null)
  const [granting, setGranting] = useState<User[] | null>(null)
  const mayReset = useSession((s) => s.permission.user_reset === true)
  const mayGrant = useSession((s) => s.permission.user_role === true)
  const [tenantOf, setTenantOf] = useState<User | null>(null)
  const [platformOf, setPlatformOf] = useState<User | null>(null)
  const mayEdit = useSession((s) => s.permission.user_edit === true)
  // pending third-party registrations are approved on their own screen (访客审核, the social feature)
  const mayReviewGuests = useSession((s) => s.permission.user_guest_view === true)
  const navigate = useNavigate()
  // the platform administrator: role alias `administrator` in the platform tenant (core/auth/guards.ts)
  const isAdministrator = useSession(
    (s) => s.userInfo?.tenantId === '000000' && (s.userInfo.roleAliases ?? []).includes('administrator'),
  )

  const resource = useMemo((): CrudResource<User> => {
    const pick = (rows: User[], then: (rows: User[]) => void) =>
      rows.length ? then(rows) : void message.warning(t('common.selectOne'))
    return {
      ...userResource,
      toolbarExtra: ({ selected }) => (
        <>
          {mayReset && (
            <Button
              icon={<KeyOutlined />}
              onClick={() => pick(selected, setResetting)}
              data-testid="user-reset"
            >
              {t('user.reset')}
            </Button>
          )}
          {mayGrant && (
            <Button
              icon={<TeamOutlined />}
              onClick={() => pick(selected, setGranting)}
              data-testid="user-role"
            >
              {t('user.roleConfig')}
            </Button>
          )}
          {mayReviewGuests && (
            <Button
              icon={<AuditOutlined />}
              onClick={() => navigate('/social/guest')}
              data-testid="user-guests"
            >
              {t('user.guests')}
            </Button>
          )}
        </>
      ),
      rowExtraCount: 2,
      rowExtra:
        mayEdit || isAdministrator
          ? (row) => (
              <>
                {mayEdit && (
                  <RowButton
                    label={t('user.platform')}
                    icon={<DesktopOutlined />}
                    onClick={(e) => {
                      e.stopPropagation()
                      setPlatformOf(row)
                    }}
                    testId={`user-row-platform-${row.id}`}
                  />
                )}
                {isAdministrator && (
                  <RowButton
                    label={t('user.tenantGrant')}
                    icon={<ApartmentOutlined />}
                    onClick={(e) => {
                      e.stopPropagation()
                      setTenantOf(row)
                    }}
                    testId={`user-row-tenant-${row.id}`}
                  />
                )}
              </>
            )
          : undefined,
      testIds: { page: 'user-page', table: 'user-table', add: 'user-add', formSubmit: 'user-form-submit' },
    }
  }, [mayReset, mayGrant, mayEdit, mayReviewGuests, isAdministrator, message, navigate, t])

  const params = useMemo(() => (deptId ? { deptId } : undefined), [deptId])
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="240px" style={{ minWidth: 0 }}>
        <FilterTree
          nodes={depts.data}
          loading={depts.isLoading}
          selected={deptId}
          onSelect={setDeptId}
          title={t('user.deptTree')}
          testId="user-dept-tree"
        />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <CrudPage resource={resource} params={params} formDefaults={params} />
      </Col>
      <UserResetDialog users={resetting} onClose={() => setResetting(null)} />
      <UserRoleDialog users={granting} onClose={() => setGranting(null)} />
      <UserTenantDialog user={tenantOf} onClose={() => setTenantOf(null)} />
      <UserPlatformDialog user={platformOf} onClose={() => setPlatformOf(null)} />
    </Row>
  )
}
