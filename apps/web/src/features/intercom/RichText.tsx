import { BoldOutlined, ItalicOutlined, UnorderedListOutlined } from '@ant-design/icons'
import { Button, Space, Tooltip } from 'antd'
import DOMPurify from 'dompurify'
import { useEffect, useRef } from 'react'
import { useTr } from '@/components/crud/i18n'

/** What a broadcast may hold: formatting and links, nothing that runs (the server checks again). */
export function sanitise(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [
      'p',
      'br',
      'b',
      'strong',
      'i',
      'em',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'h1',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'span',
      'a',
      'div',
    ],
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: /^https?:/i,
  })
}

/** A small rich-text box (bold, italic, list) whose value is sanitised HTML. */
export function RichText({
  value,
  onChange,
  testId,
}: {
  value?: string
  onChange?: (html: string) => void
  testId?: string
}) {
  const tr = useTr()
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // set only from outside (reset of the form): typing keeps the caret where it is
    if (box.current && value !== undefined && sanitise(box.current.innerHTML) !== value)
      box.current.innerHTML = sanitise(value)
  }, [value])
  const command = (name: string) => {
    box.current?.focus()
    // execCommand is deprecated but is what every browser still implements for contentEditable
    document.execCommand(name)
    onChange?.(sanitise(box.current?.innerHTML ?? ''))
  }
  return (
    <div>
      <Space size="small" style={{ marginBottom: 4 }}>
        <Tooltip title={tr('intercom.bold')}>
          <Button
            size="small"
            icon={<BoldOutlined />}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => command('bold')}
          />
        </Tooltip>
        <Tooltip title={tr('intercom.italic')}>
          <Button
            size="small"
            icon={<ItalicOutlined />}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => command('italic')}
          />
        </Tooltip>
        <Tooltip title={tr('intercom.list')}>
          <Button
            size="small"
            icon={<UnorderedListOutlined />}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => command('insertUnorderedList')}
          />
        </Tooltip>
      </Space>
      <div
        ref={box}
        data-testid={testId}
        contentEditable
        suppressContentEditableWarning
        onInput={() => onChange?.(sanitise(box.current?.innerHTML ?? ''))}
        style={{ minHeight: 120, border: '1px solid rgba(5,5,5,0.15)', borderRadius: 6, padding: '6px 10px' }}
      />
    </div>
  )
}
