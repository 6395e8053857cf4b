import { Col, Input, Row, Typography } from 'antd'
import type { FormMode } from '@/components/crud'
import { useDeskT } from './i18n'

/**
 * The draft preview runs in a sandboxed frame: no scripts, no same origin, no forms, nothing loaded
 * but images and inline styles. The draft is never put into the console's own page: only the stored
 * content (sanitised by the server on every write) is, by `StoredNoticeContent`.
 */
const PREVIEW_CSP = "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'"
const PREVIEW_STYLE =
  'body{margin:8px;font:14px/1.6 -apple-system,"Segoe UI",sans-serif;word-break:break-word}img{max-width:100%}'

export function previewDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}"><style>${PREVIEW_STYLE}</style></head><body>${html}</body></html>`
}

const box = {
  height: 260,
  width: '100%',
  overflow: 'auto',
  border: '1px solid rgba(5, 5, 5, 0.15)',
  borderRadius: 6,
} as const

/** The stored notice content as rich text (the view dialog). */
export function StoredNoticeContent({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className="notice-content"
      style={{ ...box, height: 'auto', maxHeight: 420, padding: '8px 12px' }}
      // The HTML was sanitised by the server when it was saved (blade-desk/notice, apps/server
      // src/modules/desk/sanitize.ts: an allow-list without scripts, styles or event handlers), and
      // this only ever renders what the server sends back: never the unsaved draft.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised content (see above)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

/**
 * The notice content field (Form.Item hands it `value` / `onChange`): an HTML textarea with a live
 * preview beside it; in the view dialog, the stored content rendered.
 */
export function NoticeContentField({
  value,
  onChange,
  mode,
  testId,
  disabled,
}: {
  value?: string | null
  onChange?: (value: string) => void
  mode?: FormMode
  testId?: string
  disabled?: boolean
}) {
  const t = useDeskT()
  const html = value ?? ''
  if (mode === 'view') return <StoredNoticeContent html={html} testId={`${testId}-view`} />
  return (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Input.TextArea
          value={html}
          onChange={(e) => onChange?.(e.target.value)}
          disabled={disabled}
          placeholder="<p>…</p>"
          spellCheck={false}
          style={{ height: box.height, fontFamily: 'monospace', fontSize: 12, resize: 'none' }}
          data-testid={testId}
        />
      </Col>
      <Col xs={24} md={12}>
        <iframe
          title={t('notice.preview')}
          sandbox=""
          srcDoc={previewDocument(html)}
          style={box}
          data-testid={`${testId}-preview`}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('notice.previewHint')}
        </Typography.Text>
      </Col>
    </Row>
  )
}
