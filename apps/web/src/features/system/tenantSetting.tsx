import { tenantLicenceCall } from '@xpark/contract/schemas'
import { type ButtonProps, DatePicker, Form, InputNumber, Modal } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { callApi } from '@/api/calls'
import { DATE_FORMAT } from '@/components/crud'
import { useDialogSubmit } from '@/components/useDialogSubmit'
import { useSystemT } from './i18n'
import type { Tenant } from './tenant'

interface SettingForm {
  accountNumber: number
  expireTime?: Dayjs | null
}

/** 授权配置: the account quota (-1 unlimited) and expiry (blank: never) of a tenant (`tenant/setting`). */
export function TenantSettingDialog({
  tenant,
  onClose,
  onDone,
}: {
  tenant: Tenant | null
  onClose: () => void
  onDone: () => void
}) {
  const t = useSystemT()
  const [form] = Form.useForm<SettingForm>()
  const { saving, submit } = useDialogSubmit(
    form,
    (values) =>
      callApi(tenantLicenceCall, {
        ids: tenant!.id,
        accountNumber: values.accountNumber,
        expireTime: values.expireTime ? values.expireTime.format(DATE_FORMAT) : '',
      }),
    t('tenant.settingDone'),
    () => {
      onDone()
      onClose()
    },
  )

  return (
    <Modal
      open={tenant !== null}
      title={`${t('tenant.setting')}${tenant ? ` · ${tenant.tenantName}` : ''}`}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'tenant-setting-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          accountNumber: tenant?.accountNumber ?? -1,
          expireTime: tenant?.expireTime ? dayjs(tenant.expireTime) : null,
        }}
      >
        <Form.Item
          name="accountNumber"
          label={t('tenant.accountNumber')}
          extra={t('tenant.accountNumberHint')}
          rules={[{ required: true, type: 'number', min: -1, message: t('please enter account number') }]}
        >
          <InputNumber
            precision={0}
            min={-1}
            style={{ width: '100%' }}
            data-testid="tenant-setting-accountNumber"
          />
        </Form.Item>
        <Form.Item name="expireTime" label={t('tenant.expireTime')} extra={t('tenant.expireTimeHint')}>
          <DatePicker showTime style={{ width: '100%' }} data-testid="tenant-setting-expireTime" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
