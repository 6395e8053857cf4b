import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { changeLanguage, languages } from '../i18n'
import { useSettings } from '../stores/settings'
import './languageMenu.css'

/**
 * Language dropdown without antd, for the login page (which must stay light). Same test ids and the
 * same two clicks as the shell's antd version: `language-control`, then `language-<code>`.
 */
export function LanguageMenu() {
  const { t } = useTranslation()
  const language = useSettings((s) => s.language)
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    return () => document.removeEventListener('mousedown', close)
  }, [open])

  return (
    <div className="lang-menu" ref={ref}>
      <button
        type="button"
        className="lang-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('language')}
        data-testid="language-control"
        onClick={() => setOpen(!open)}
      >
        {languages.find((l) => l.key === language)?.label} ▾
      </button>
      {open && (
        <div className="lang-menu-list" role="menu">
          {languages.map((l) => (
            <button
              key={l.key}
              type="button"
              role="menuitemradio"
              aria-checked={l.key === language}
              data-testid={`language-${l.key}`}
              onClick={() => {
                changeLanguage(l.key)
                setOpen(false)
              }}
            >
              {l.label}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
