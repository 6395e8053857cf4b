import { App, Button, Modal, Space, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { uploadErrorLog } from '../../api/log'
import { type ErrorLogEntry, useErrorLog } from '../../stores/errorLog'

/** Error log (spec 01 §2): type, address, message, time; the stack is kept but not shown. */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const { modal, message } = App.useApp()
  const logs = useErrorLog((s) => s.logs)

  /** upload to the server after a confirm (spec 01 §2, §8); the local list stays as it is */
  function upload() {
    modal.confirm({
      title: t('common.tip'),
      content: t('log.uploadConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'error-log-upload-confirm' },
      onOk: async () => {
        try {
          await uploadErrorLog(useErrorLog.getState().logs)
          void message.success(t('sent successfully'))
        } catch {
          // the HTTP client has shown the server's message; the confirm closes
        }
      },
    })
  }

  function clear() {
    modal.confirm({
      title: t('common.tip'),
      content: t('log.clearConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => {
        useErrorLog.getState().clear()
        void message.success(t('cleared successfully'))
      },
    })
  }

  return (
    <Modal
      open={open}
      title={t('log.title')}
      onCancel={onClose}
      width="80%"
      destroyOnHidden
      footer={
        <Space>
          <Button type="primary" onClick={upload} disabled={logs.length === 0} data-testid="error-log-upload">
            {t('log.upload')}
          </Button>
          <Button danger onClick={clear} disabled={logs.length === 0} data-testid="error-log-clear">
            {t('log.clear')}
          </Button>
        </Space>
      }
    >
      <Table<ErrorLogEntry & { i: number }>
        size="small"
        rowKey="i"
        data-testid="error-log-table"
        dataSource={logs.map((l, i) => ({ ...l, i }))}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t('log.type'), dataIndex: 'type', width: 90 },
          { title: t('log.url'), dataIndex: 'url', width: 260, ellipsis: true },
          { title: t('log.message'), dataIndex: 'message', ellipsis: true },
          { title: t('log.time'), dataIndex: 'time', width: 170 },
        ]}
      />
    </Modal>
  )
}
