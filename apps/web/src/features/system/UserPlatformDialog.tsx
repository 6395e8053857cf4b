import { useQuery } from '@tanstack/react-query'
import { platformDetailCall, updatePlatformCall, userContract } from '@xpark/contract/schemas'
import { Form, Input, Modal, Select, Spin } from 'antd'
import { useEffect } from 'react'
import { callApi } from '@/api/calls'
import { useDialogSubmit } from '@/components/useDialogSubmit'
import { useSystemT } from './i18n'
import type { User } from './user'

interface Values {
  userType: number
  userExt: string
}

/** `userExt` must be empty or a JSON object (the server says the same). */
export function userExtProblem(text: string): string | null {
  if (text.trim() === '') return null
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? null
      : 'user.platformExtObject'
  } catch {
    return 'user.platformExtObject'
  }
}

/**
 * 平台配置 (BladeX user platform): which platform an account belongs to (1 WEB, 2 APP, 3 other) and
 * its per-platform extension data, a JSON object (`platform-detail`, `update-platform`).
 */
export function UserPlatformDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const t = useSystemT()
  const [form] = Form.useForm<Values>()
  const detail = useQuery({
    queryKey: [userContract.code, 'platform-detail', user?.id],
    queryFn: () => callApi(platformDetailCall, { id: user!.id }),
    enabled: user !== null,
    gcTime: 0,
  })

  useEffect(() => {
    if (detail.data) form.setFieldsValue({ userType: detail.data.userType, userExt: detail.data.userExt })
  }, [detail.data, form])

  const { saving, submit } = useDialogSubmit(
    form,
    (v) =>
      callApi(updatePlatformCall, {
        userId: user!.id,
        userType: v.userType,
        userExt: v.userExt?.trim() ?? '',
      }),
    t('common.updateSuccess'),
    onClose,
  )

  return (
    <Modal
      open={user !== null}
      title={`${t('user.platform')}${user ? ` · ${user.account}` : ''}`}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'user-platform-submit', disabled: detail.isPending }}
      destroyOnHidden
    >
      <Spin spinning={detail.isPending}>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="userType" label={t('user.platformType')} rules={[{ required: true }]}>
            <Select
              data-testid="user-platform-type"
              options={[
                { value: 1, label: 'WEB' },
                { value: 2, label: 'APP' },
                { value: 3, label: t('user.platformOther') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="userExt"
            label={t('user.platformExt')}
            extra={t('user.platformExtHint')}
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const problem = userExtProblem(value ?? '')
                  if (problem) throw new Error(t(problem as 'user.platformExtObject'))
                },
              },
            ]}
          >
            <Input.TextArea rows={6} data-testid="user-platform-ext" placeholder='{"employeeNo": "A001"}' />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  )
}
