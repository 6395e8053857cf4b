import {
  INSPECTION_RELATE,
  type InspectionEventRow,
  machineIdByTimeCall,
  relateEventCall,
} from '@xpark/contract/modules/inspection'
import { App, Button } from 'antd'
import { useNavigate } from 'react-router'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import './i18n'

/**
 * An event's buttons: 转告警 and 转报修 (once each, confirmed), and 回放: the camera that watched its
 * point at that moment, in the playback screen.
 */
export function EventExtra({ row, refresh }: { row: InspectionEventRow; refresh: () => void }) {
  const tr = useTr()
  const { modal, message } = App.useApp()
  const navigate = useNavigate()
  const canRelate = useSession((s) => s.permission[INSPECTION_RELATE] === true)
  const relate = (type: 'alarm' | 'repair', label: string) =>
    modal.confirm({
      title: `${label}?`,
      onOk: async () => {
        await callApi(relateEventCall, { id: row.id, type })
        message.success(label)
        refresh()
      },
    })
  const playback = async () => {
    const at = await callApi(machineIdByTimeCall, { pointId: row.pointId, time: row.createTime })
    if (!at.machineId) return void message.info(tr('inspection.noCamera'))
    navigate(`/video/playback?machineId=${at.machineId}&time=${encodeURIComponent(row.createTime)}`)
  }
  return (
    <>
      {canRelate && !row.alarmId && (
        <Button
          type="link"
          size="small"
          onClick={() => relate('alarm', tr('inspection.toAlarm'))}
          data-testid={`inspection-to-alarm-${row.id}`}
        >
          {tr('inspection.toAlarm')}
        </Button>
      )}
      {canRelate && !row.repairId && (
        <Button
          type="link"
          size="small"
          onClick={() => relate('repair', tr('inspection.toRepair'))}
          data-testid={`inspection-to-repair-${row.id}`}
        >
          {tr('inspection.toRepair')}
        </Button>
      )}
      <Button type="link" size="small" onClick={playback} data-testid={`inspection-playback-${row.id}`}>
        {tr('inspection.playback')}
      </Button>
    </>
  )
}
