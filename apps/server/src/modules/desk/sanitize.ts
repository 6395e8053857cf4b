import sanitizeHtml from 'sanitize-html'

/**
 * Rich text as stored: a strict allow-list applied on every write (BladeX stored notice HTML as sent
 * and served it back, SpringBlade#38). Scripts and styles go with their content, event handlers and
 * every other attribute go, links keep http/https/mailto only, images http/https or a server path.
 */

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i,
  /^[a-z]{3,20}$/i,
]
const ALIGN = [/^(left|right|center|justify)$/]

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
    'a',
    'img',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['style'],
    p: ['style'],
  },
  allowedStyles: {
    span: { color: COLOR, 'background-color': COLOR, 'text-align': ALIGN },
    p: { 'text-align': ALIGN },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // a link that opens elsewhere must not hand the notice page to the target (reverse tabnabbing)
    a: (tagName, attribs) => {
      const out: Record<string, string> = {}
      if (attribs.href) out.href = attribs.href
      if (attribs.title) out.title = attribs.title
      if (attribs.target) {
        out.target = '_blank'
        out.rel = 'noopener noreferrer'
      }
      return { tagName, attribs: out }
    },
  },
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}
