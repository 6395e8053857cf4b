import { DownloadOutlined, InboxOutlined } from '@ant-design/icons'
import { Alert, App, Button, Modal, Space, Table, Typography, Upload, type UploadFile } from 'antd'
import { useState } from 'react'
import { downloadFile, uploadFile } from '@/api/transfer'
import { useTr } from './i18n'

/** What an import answers (server `core/excel`): counts and the bad rows by Excel row number. */
export interface ImportSummary {
  total: number
  imported: number
  updated: number
  errors: { row: number; messages: string[] }[]
  /** the initial password of the accounts the import created (users), told this once */
  initialPassword?: string
}

const XLSX = '.xlsx'

/**
 * 导入: choose an .xlsx, optionally download the template, upload it with `isCovered=1` (spec 02 §9:
 * imports always overwrite), then read what happened: the counts and a table of the bad rows.
 * Nothing can be changed while the upload runs.
 */
export function ImportDialog({
  open,
  importUrl,
  templateUrl,
  onClose,
  onImported,
}: {
  open: boolean
  importUrl: string
  templateUrl?: string
  onClose: () => void
  /** after an import that wrote rows (the table refreshes) */
  onImported?: () => void
}) {
  const tr = useTr()
  const { message } = App.useApp()
  const [file, setFile] = useState<UploadFile | null>(null)
  const [uploading, setUploading] = useState(false)
  const [result, setResult] = useState<ImportSummary | null>(null)

  const reset = () => {
    setFile(null)
    setResult(null)
  }
  const close = () => {
    if (uploading) return
    reset()
    onClose()
  }

  const submit = async () => {
    const raw = file?.originFileObj
    if (!raw) return void message.warning(tr('crud.importNeedFile'))
    setUploading(true)
    try {
      const summary = await uploadFile<ImportSummary>(importUrl, raw, { isCovered: 1 })
      setResult(summary)
      setFile(null)
      if (summary.imported + summary.updated > 0) onImported?.()
    } catch {
      // the HTTP helper has shown the server's message; the dialog stays open to try again
    } finally {
      setUploading(false)
    }
  }

  return (
    <Modal
      open={open}
      title={tr('crud.import')}
      onCancel={close}
      maskClosable={!uploading}
      closable={!uploading}
      width={640}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close} disabled={uploading} data-testid="import-close">
            {tr('common.cancel')}
          </Button>
          <Button
            type="primary"
            onClick={() => void submit()}
            loading={uploading}
            disabled={!file}
            data-testid="import-submit"
          >
            {tr('crud.importSubmit')}
          </Button>
        </Space>
      }
    >
      <div data-testid="import-dialog">
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Alert type="info" showIcon title={tr('crud.importCovered')} />
          {templateUrl && (
            <Button
              type="link"
              icon={<DownloadOutlined />}
              style={{ paddingInline: 0, alignSelf: 'flex-start' }}
              onClick={() => void downloadFile(templateUrl).catch(() => undefined)}
              data-testid="import-template"
            >
              {tr('crud.importTemplate')}
            </Button>
          )}
          <Upload.Dragger
            accept={XLSX}
            maxCount={1}
            disabled={uploading}
            fileList={file ? [file] : []}
            beforeUpload={(chosen) => {
              if (!chosen.name.toLowerCase().endsWith(XLSX)) {
                void message.warning(tr('crud.importXlsxOnly'))
                return Upload.LIST_IGNORE
              }
              setResult(null)
              setFile({ uid: chosen.uid, name: chosen.name, originFileObj: chosen, status: 'done' })
              // kept here and sent by 上传: antd must not post it on its own
              return false
            }}
            onRemove={() => setFile(null)}
            data-testid="import-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{tr('crud.importFile')}</p>
          </Upload.Dragger>
          {result && (
            <div data-testid="import-result">
              <Alert
                type={result.errors.length ? 'warning' : 'success'}
                showIcon
                title={tr('crud.importResult', {
                  total: result.total,
                  imported: result.imported,
                  updated: result.updated,
                  failed: result.errors.length,
                })}
              />
              {result.initialPassword && (
                <Alert
                  style={{ marginTop: 12 }}
                  type="info"
                  showIcon
                  title={tr('crud.importPassword')}
                  description={
                    <Typography.Text code copyable strong data-testid="import-password">
                      {result.initialPassword}
                    </Typography.Text>
                  }
                />
              )}
              {result.errors.length > 0 && (
                <Table
                  style={{ marginTop: 12 }}
                  size="small"
                  rowKey="row"
                  pagination={result.errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
                  dataSource={result.errors}
                  columns={[
                    { title: tr('crud.importRow'), dataIndex: 'row', width: 90 },
                    {
                      title: tr('crud.importMessages'),
                      dataIndex: 'messages',
                      render: (messages: string[]) => messages.join('; '),
                    },
                  ]}
                  data-testid="import-errors"
                />
              )}
            </div>
          )}
        </div>
      </div>
    </Modal>
  )
}
