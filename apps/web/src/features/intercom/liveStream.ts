import type { LocationTuple } from '@xpark/contract/modules/intercom'
import { INTERCOM_PATHS } from '@xpark/contract/modules/intercom'
import { openEventStream } from '@/api/eventStream'

export { parseFrames } from '@/api/eventStream'

/** The intercom console's live stream (`intercom/stream`): location batches. Returns a closer. */
export function openLocationStream(onBatch: (batch: LocationTuple[]) => void): () => void {
  return openEventStream(INTERCOM_PATHS.stream, (event, data) => {
    if (event === 'locations') onBatch(JSON.parse(data) as LocationTuple[])
  })
}
