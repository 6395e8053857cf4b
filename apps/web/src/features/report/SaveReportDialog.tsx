import { useMutation, useQuery } from '@tanstack/react-query'
import { type ReportView, reportSubmitCall } from '@xpark/contract/modules/report'
import { roleTreeCall } from '@xpark/contract/schemas'
import { App, Form, Input, Modal, TreeSelect } from 'antd'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import './i18n'

/** 保存为报表: a name and the roles it is shared with; stores the screen's path and its view. */
export function SaveReportDialog({
  path,
  view,
  onClose,
}: {
  path: string
  view: ReportView
  onClose: () => void
}) {
  const tr = useTr()
  const { message } = App.useApp()
  const [form] = Form.useForm<{ name: string; roleIds?: string[] }>()
  const roles = useQuery({
    queryKey: ['report', 'roles'],
    queryFn: () => callApi(roleTreeCall, {}),
    retry: false,
  })
  const save = useMutation({
    mutationFn: (v: { name: string; roleIds?: string[] }) =>
      callApi(reportSubmitCall, {
        name: v.name,
        path,
        view,
        roleIds: (v.roleIds ?? []).join(','),
      }),
    onSuccess: () => {
      void message.success(tr('report.saved'))
      onClose()
    },
  })
  return (
    <Modal
      open
      title={tr('report.saveAs')}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(v))}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="report-save-form">
        <Form.Item
          name="name"
          label={tr('report.reportName')}
          rules={[{ required: true, message: tr('please enter report name') }, { max: 64 }]}
        >
          <Input data-testid="report-save-name" />
        </Form.Item>
        <Form.Item name="roleIds" label={tr('report.shareRoles')}>
          <TreeSelect
            multiple
            allowClear
            treeDefaultExpandAll
            treeData={roles.data ?? []}
            fieldNames={{ label: 'title', value: 'id', children: 'children' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
