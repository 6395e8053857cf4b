/**
 * Broadcast rich text kept to a small set of formatting tags (the console sanitises with DOMPurify
 * before sending; the server does not trust that). Every attribute is dropped except an http(s)
 * `href` on links; script and style elements go with their content; stray angle brackets are escaped.
 */
const ALLOWED = new Set([
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
])
const VOID = new Set(['br'])

export function sanitiseHtml(html: string): string {
  const withoutCode = html.replace(/<(script|style|iframe|object|embed|template)\b[\s\S]*?<\/\1\s*>/gi, '')
  return withoutCode
    .split(/(<[^<>]*>)/g)
    .map((part) => {
      const escaped = part.replace(/</g, '&lt;').replace(/>/g, '&gt;')
      if (!part.startsWith('<')) return escaped
      const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>$/.exec(part)
      // not a tag ("1 < 2 > 0"): text
      if (!tag) return escaped
      const [, closing, rawName, attrs] = tag
      const name = rawName!.toLowerCase()
      if (!ALLOWED.has(name)) return ''
      if (closing) return VOID.has(name) ? '' : `</${name}>`
      if (name === 'a') {
        const href = /\bhref\s*=\s*("([^"]*)"|'([^']*)')/i.exec(attrs ?? '')
        const url = href?.[2] ?? href?.[3] ?? ''
        return /^https?:\/\/[^\s"'<>]+$/i.test(url)
          ? `<a href="${url.replace(/&(?!amp;)/g, '&amp;')}" rel="noopener noreferrer" target="_blank">`
          : '<a>'
      }
      return `<${name}>`
    })
    .join('')
}
