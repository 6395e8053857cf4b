import { describe, expect, it } from 'vitest'
import { sanitiseHtml } from './sanitise.js'

describe('broadcast rich text sanitising', () => {
  it('keeps formatting and http links, drops scripts, handlers and other attributes', () => {
    expect(sanitiseHtml('<p style="color:red" onclick="x()">注意<b>安全</b></p>')).toBe(
      '<p>注意<b>安全</b></p>',
    )
    expect(sanitiseHtml('<script>alert(1)</script><p>ok</p>')).toBe('<p>ok</p>')
    expect(sanitiseHtml('<img src=x onerror=alert(1)>hi')).toBe('hi')
    expect(sanitiseHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitiseHtml('<a href="https://park.example.com/a?b=1">x</a>')).toBe(
      '<a href="https://park.example.com/a?b=1" rel="noopener noreferrer" target="_blank">x</a>',
    )
    expect(sanitiseHtml('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0')
    expect(sanitiseHtml('<svg><script>x</script></svg>text')).toBe('text')
  })
})
