import { MACHINE_TYPE, machineContract } from '@xpark/contract/modules/device'
import { playerAddressCall, startPlayCall } from '@xpark/contract/modules/video'
import { useEffect } from 'react'
import { callApi, pageOfRows } from '@/api/calls'

/** The park's cameras (machines of type 摄像头), first 200 by code. */
export const cameraQuery = {
  queryKey: ['video', 'cameras'],
  queryFn: async () =>
    (await pageOfRows(machineContract, { type: MACHINE_TYPE.camera, current: 1, size: 200, ascs: 'code' }))
      .records,
}

/** What a tile's player needs: start the stream (startPlay), or the local player's WHEP URL. */
export const playerCalls = (machineId: string) => ({
  start: async () => (await callApi(startPlayCall, { machineId })).url,
  localUrl: async () => (await callApi(playerAddressCall, { machineId })).whepUrl,
})

/** Video pages are titled '智慧园区' (spec 02 §2). */
export function useVideoTitle(): void {
  useEffect(() => {
    document.title = '智慧园区'
  })
}
