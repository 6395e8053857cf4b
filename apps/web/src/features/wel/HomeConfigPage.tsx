import { useQuery, useQueryClient } from '@tanstack/react-query'
import { HOME_CONFIG_PERMISSION, type HomeConfigRow } from '@xpark/contract/modules/message'
import { Alert, App, Button, Card, Checkbox, Table, Tag } from 'antd'
import { useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import { homeCards } from '@/components/kit'
import { useSession } from '@/stores/session'
import { HOME_CONFIG_KEY, roleCardsQuery, saveRoleCards } from './homeConfig'
import './i18n'
import { BusyArea } from '@/components/BusyArea'

/** 首页配置 (`/home-page-configuration/index`): per role, which cards the home page shows. */
export default function HomeConfigPage() {
  const t = useTr()
  const { message } = App.useApp()
  const client = useQueryClient()
  const mayEdit = useSession((s) => s.permission[HOME_CONFIG_PERMISSION.edit] === true)
  const roles = useQuery(roleCardsQuery())
  const cards = homeCards()
  const defaults = cards.filter(([, c]) => c.byDefault).map(([key]) => key)
  // edits not saved yet, by role
  const [draft, setDraft] = useState<Record<string, string[]>>({})
  const options = cards.map(([key, card]) => ({ label: t(card.title), value: key }))

  const save = async (row: HomeConfigRow) => {
    // kept in the order the cards are listed
    const picked = draft[row.roleId] ?? row.cards ?? defaults
    const ordered = cards.map(([key]) => key).filter((key) => picked.includes(key))
    await saveRoleCards(row.roleId, ordered)
    setDraft(({ [row.roleId]: _, ...rest }) => rest)
    void message.success(t('common.updateSuccess'))
    await client.invalidateQueries({ queryKey: HOME_CONFIG_KEY })
  }

  return (
    <Card title={t('home.config.title')} data-testid="home-config">
      <Alert type="info" showIcon message={t('home.config.tip')} style={{ marginBottom: 12 }} />
      <BusyArea busy={roles.isLoading}>
        <Table<HomeConfigRow>
          rowKey="roleId"
          size="small"
          dataSource={roles.data ?? []}
          pagination={false}
          columns={[
            { title: t('home.config.role'), dataIndex: 'roleName', width: 200 },
            {
              title: t('home.config.cards'),
              render: (_: unknown, row) => (
                <>
                  {row.cards === null && !draft[row.roleId] && <Tag>{t('home.config.default')}</Tag>}
                  <Checkbox.Group
                    data-testid={`home-config-cards-${row.roleId}`}
                    disabled={!mayEdit}
                    options={options}
                    value={draft[row.roleId] ?? row.cards ?? defaults}
                    onChange={(value) => setDraft((d) => ({ ...d, [row.roleId]: value.map(String) }))}
                  />
                </>
              ),
            },
            {
              title: t('common.action'),
              width: 100,
              render: (_: unknown, row) =>
                mayEdit && (
                  <Button
                    type="link"
                    size="small"
                    data-testid={`home-config-save-${row.roleId}`}
                    disabled={!draft[row.roleId]}
                    onClick={() => void save(row).catch(() => undefined)}
                  >
                    {t('home.config.save')}
                  </Button>
                ),
            },
          ]}
        />
      </BusyArea>
    </Card>
  )
}
