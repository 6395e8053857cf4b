import { TranslationOutlined } from '@ant-design/icons'
import { Button, Dropdown } from 'antd'
import { useTranslation } from 'react-i18next'
import { changeLanguage, languages } from '../i18n'
import { type Language, useSettings } from '../stores/settings'

/** Language dropdown: zh (default) and en, kept in localStorage. */
export function LanguageSelect() {
  const { t } = useTranslation()
  const language = useSettings((s) => s.language)
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: languages.map((l) => ({
          key: l.key,
          label: <span data-testid={`language-${l.key}`}>{l.label}</span>,
        })),
        onClick: ({ key }) => changeLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={t('language')}
        data-testid="language-control"
      >
        {languages.find((l) => l.key === language)?.label}
      </Button>
    </Dropdown>
  )
}
