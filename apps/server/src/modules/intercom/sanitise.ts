import sanitizeHtml from 'sanitize-html'

/**
 * Broadcast rich text kept to a small set of formatting tags (the console sanitises with DOMPurify
 * before sending; the server does not trust that): every attribute goes except an http(s) `href` on
 * links; script, style and other code elements go with their content. A broadcast is read out on
 * radios and shown in apps: no images, no colours.
 */
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
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'span',
    'a',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
  ],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
}

export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}
