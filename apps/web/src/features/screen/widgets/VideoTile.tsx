import { playerAddressCall, startPlayCall } from '@xpark/contract/modules/video'
import { callApi } from '@/api/calls'
import { VideoPlayer } from '@/components/video'

/** A signed-in viewer's camera: the shared player, its stream started like the video module's tiles. */
export default function VideoTile({ machineId }: { machineId: string }) {
  return (
    <VideoPlayer
      machineId={machineId}
      start={async () => (await callApi(startPlayCall, { machineId })).url}
      localUrl={async () => (await callApi(playerAddressCall, { machineId })).whepUrl}
    />
  )
}
