import { DownloadOutlined, UploadOutlined } from '@ant-design/icons'
import { App, Button, Upload, type UploadFile } from 'antd'
import { useMemo, useState } from 'react'
import { CrudPage } from '@/components/crud'
import { useSession } from '@/stores/session'
import { attachResource, downloadHref, uploadWithProgress } from './attach'
import { useResourceT } from './i18n'

/** 上传: files go to `put-file` one by one, each with its progress bar; the table refreshes after each. */
function AttachUpload({ onUploaded }: { onUploaded: () => void }) {
  const t = useResourceT()
  const { message } = App.useApp()
  const [uploads, setUploads] = useState<UploadFile[]>([])
  return (
    <Upload
      multiple
      fileList={uploads}
      showUploadList={{ showRemoveIcon: false }}
      // finished files leave the list (they are in the table now); failed ones stay, marked
      onChange={({ fileList }) => setUploads(fileList.filter((f) => f.status !== 'done'))}
      customRequest={({ file, onProgress, onSuccess, onError }) => {
        const raw = file as File
        uploadWithProgress(raw, raw.name, (percent) => onProgress?.({ percent }))
          .then((stored) => {
            onSuccess?.(stored)
            void message.success(t('attach.uploaded', { name: raw.name }))
            onUploaded()
          })
          .catch((error: Error) => {
            onError?.(error)
            void message.error(error.message)
          })
      }}
      data-testid="attach-upload"
    >
      <Button icon={<UploadOutlined />} data-testid="attach-upload-button">
        {t('attach.upload')}
      </Button>
    </Upload>
  )
}

/** 附件管理: upload (with progress), download through the signed link, delete. */
export default function AttachPage() {
  const t = useResourceT()
  const canUpload = useSession((s) => s.permission.attach_upload === true)
  const canDownload = useSession((s) => s.permission.attach_download === true)

  const resource = useMemo(
    () =>
      attachResource({
        toolbarExtra: ({ refresh }) => canUpload && <AttachUpload onUploaded={refresh} />,
        rowExtra: (row) =>
          canDownload && (
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              href={downloadHref(row.link)}
              download={row.originalName}
              data-testid={`attach-row-download-${row.id}`}
            >
              {t('attach.download')}
            </Button>
          ),
      }),
    [canUpload, canDownload, t],
  )
  return <CrudPage resource={resource} />
}
