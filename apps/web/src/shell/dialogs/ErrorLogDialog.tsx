import { App, Button, Modal, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { type ErrorLogEntry, useErrorLog } from '../../stores/errorLog'

/** Error log (spec 01 §2): type, address, message, time; the stack is kept but not shown. */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const { modal, message } = App.useApp()
  const logs = useErrorLog((s) => s.logs)

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
        <Button danger onClick={clear} disabled={logs.length === 0} data-testid="error-log-clear">
          {t('log.clear')}
        </Button>
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
