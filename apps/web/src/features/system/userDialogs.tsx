import { useQuery, useQueryClient } from '@tanstack/react-query'
import { passwordProblem } from '@xpark/contract'
import { resetPasswordCall, type TreeNode, userContract, userGrantCall } from '@xpark/contract/schemas'
import { App, Button, type ButtonProps, Empty, Form, Input, Modal, Spin, Tree } from 'antd'
import { type Key, useState } from 'react'
import { callApi } from '@/api/calls'
import { type SystemKey, useSystemT } from './i18n'
import { roleTreeQuery } from './roleApi'
import type { User } from './user'

/** The new password travels as `passwordPlain` in the body (checked by the server). */
export const resetPasswords = (userIds: string[], passwordPlain: string) =>
  callApi(resetPasswordCall, { userIds: userIds.join(','), passwordPlain })

/** The roles of the users, replaced. */
export const grantUserRoles = (userIds: string[], roleIds: string[]) =>
  callApi(userGrantCall, { userIds: userIds.join(','), roleIds: roleIds.join(',') })

/**
 * 重置密码: the new password of the chosen users (spec 01 §5 strength), confirmed with OK. The people
 * are asked to choose their own at their next sign-in.
 */
export function UserResetDialog({ users, onClose }: { users: User[] | null; onClose: () => void }) {
  const t = useSystemT()
  const { message } = App.useApp()
  const [form] = Form.useForm<{ password: string }>()
  const [saving, setSaving] = useState(false)

  async function submit() {
    const values = await form.validateFields().catch(() => null)
    if (!values || !users) return
    setSaving(true)
    try {
      await resetPasswords(
        users.map((u) => u.id),
        values.password,
      )
      void message.success(t('user.resetDone'))
      onClose()
    } catch {
      // reported by the HTTP client
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={users !== null}
      title={t('user.reset')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'user-reset-submit' } as ButtonProps}
      destroyOnHidden
    >
      <p>{t('user.resetConfirm', { accounts: (users ?? []).map((u) => u.account).join(', ') })}</p>
      <Form form={form} layout="vertical" validateTrigger="onBlur" preserve={false}>
        <Form.Item
          name="password"
          label={t('password.new')}
          rules={[
            {
              validator: async (_r, value: string | undefined) => {
                const problem = value ? passwordProblem(value) : 'please enter password'
                if (problem) throw new Error(t(problem as SystemKey))
              },
            },
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            data-testid="user-reset-password"
            onPressEnter={submit}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** 角色配置: the role tree of the tenant, checked with the roles of the one chosen user. */
export function UserRoleDialog({ users, onClose }: { users: User[] | null; onClose: () => void }) {
  const t = useSystemT()
  const roles = useQuery({ ...roleTreeQuery(), enabled: users !== null })
  return (
    <Modal
      open={users !== null}
      title={t('user.roleConfig')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="user-role-dialog"
    >
      {users && roles.data ? (
        <RoleChecks users={users} nodes={roles.data} onClose={onClose} />
      ) : (
        <Spin spinning>
          <div style={{ height: 160 }} />
        </Spin>
      )}
    </Modal>
  )
}

function RoleChecks({ users, nodes, onClose }: { users: User[]; nodes: TreeNode[]; onClose: () => void }) {
  const t = useSystemT()
  const { message } = App.useApp()
  const client = useQueryClient()
  // one user: its roles; several: start empty (the choice replaces each one's roles)
  const [checked, setChecked] = useState<string[]>(() =>
    users.length === 1 ? (users[0]!.roleId ?? '').split(',').filter(Boolean) : [],
  )
  const [saving, setSaving] = useState(false)

  async function submit() {
    if (!checked.length) return void message.warning(t('common.selectOne'))
    setSaving(true)
    try {
      await grantUserRoles(
        users.map((u) => u.id),
        checked,
      )
      void message.success(t('common.updateSuccess'))
      void client.invalidateQueries({ queryKey: [userContract.code] })
      onClose()
    } catch {
      // reported by the HTTP client
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      {nodes.length ? (
        <div style={{ maxHeight: 400, overflow: 'auto' }} data-testid="user-role-tree">
          <Tree<TreeNode>
            checkable
            // roles are independent: checking a parent role does not check its children
            checkStrictly
            selectable={false}
            defaultExpandAll
            treeData={nodes}
            fieldNames={{ title: 'title', key: 'id', children: 'children' }}
            checkedKeys={checked}
            onCheck={(next) => {
              const list = (Array.isArray(next) ? next : next.checked) as Key[]
              setChecked(list.map(String))
            }}
          />
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12 }}>
        <Button onClick={onClose} data-testid="user-role-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="primary" loading={saving} onClick={submit} data-testid="user-role-submit">
          {t('common.ok')}
        </Button>
      </div>
    </>
  )
}
