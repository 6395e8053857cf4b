import { Card, ColorPicker, Flex, Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { website } from '../../config'
import { useSettings } from '../../stores/settings'
import { themes } from '../themes'

/** Theme picker (spec 01 §2): 11 themes, default theme-d2, main colour default #409EFF. */
export function ThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const themeName = useSettings((s) => s.themeName)
  const colorName = useSettings((s) => s.colorName)
  return (
    <Modal open={open} title={t('theme.title')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
        <Typography.Text>{t('theme.color')}</Typography.Text>
        <ColorPicker
          value={colorName}
          presets={[
            {
              label: t('theme.color'),
              colors: [
                website.defaultColor,
                '#1677ff',
                '#13c2c2',
                '#52c41a',
                '#faad14',
                '#f5222d',
                '#722ed1',
              ],
            },
          ]}
          onChangeComplete={(c) => useSettings.getState().setColor(c.toHexString())}
          data-testid="theme-color"
        />
        <Typography.Text type="secondary">{colorName}</Typography.Text>
      </Flex>
      <Flex wrap gap={12} data-testid="theme-list">
        {themes.map((theme) => (
          <Card
            key={theme.name}
            size="small"
            hoverable
            onClick={() => useSettings.getState().setTheme(theme.name)}
            data-testid={`theme-${theme.name}`}
            aria-pressed={theme.name === themeName}
            style={{
              width: 130,
              borderColor: theme.name === themeName ? colorName : undefined,
              borderWidth: theme.name === themeName ? 2 : 1,
            }}
          >
            <div style={{ display: 'flex', height: 40, marginBottom: 6 }}>
              <div style={{ width: 28, background: theme.siderBg, border: '1px solid #eee' }} />
              <div style={{ flex: 1, background: theme.headerBg, border: '1px solid #eee' }} />
            </div>
            <Typography.Text style={{ fontSize: 12 }}>{theme.label}</Typography.Text>
          </Card>
        ))}
      </Flex>
    </Modal>
  )
}
