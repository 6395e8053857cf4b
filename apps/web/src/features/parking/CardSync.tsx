import {
  CARD_STATUS,
  PARKING_CARD_SYNC,
  type ParkingCardRow,
  pmsSyncCall,
  SYNC_STATE,
} from '@xpark/contract/modules/parking'
import { App, Button, Typography } from 'antd'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { DictTag } from '@/components/dict/DictTag'
import { useSession } from '@/stores/session'
import './i18n'

/**
 * A card's sync with the parking system: its state, and under 同步失败 the error and the next try;
 * the row's 同步 (send again now) and 作废 (cancel here and, if it ever got there, in the parking
 * system), both behind `parking_card_sync` and only on a card that is still valid.
 */
export function SyncStateCell({ row }: { row: ParkingCardRow }) {
  const tr = useTr()
  return (
    <div data-testid={`parking-sync-${row.id}`}>
      <DictTag code="parking_sync_state" value={row.syncState} />
      {row.syncState === SYNC_STATE.failed && (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
          {row.syncError}
          {row.nextSyncAt ? ` · ${tr('parking.nextSyncAt')} ${row.nextSyncAt}` : ''}
        </Typography.Text>
      )}
    </div>
  )
}

export function CardSyncActions({ row, refresh }: { row: ParkingCardRow; refresh: () => void }) {
  const tr = useTr()
  const { modal, message } = App.useApp()
  const may = useSession((s) => s.permission[PARKING_CARD_SYNC] === true)
  if (!may || row.status === CARD_STATUS.cancelled) return null
  const sync = async () => {
    await callApi(pmsSyncCall, { id: row.id, action: 'update' })
    message.success(tr('parking.syncQueued'))
    refresh()
  }
  const cancel = () =>
    modal.confirm({
      title: tr('parking.cancelConfirm', { plate: row.plate }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await callApi(pmsSyncCall, { id: row.id, action: 'cancel' })
        message.success(tr('parking.cancelled'))
        refresh()
      },
    })
  return (
    <>
      {row.syncState !== SYNC_STATE.synced && (
        <Button type="link" size="small" onClick={sync} data-testid={`parking-card-sync-${row.id}`}>
          {tr('parking.sync')}
        </Button>
      )}
      <Button type="link" size="small" danger onClick={cancel} data-testid={`parking-card-cancel-${row.id}`}>
        {tr('parking.cancelCard')}
      </Button>
    </>
  )
}
