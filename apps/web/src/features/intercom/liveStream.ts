import { intercomStreamCall, type LocationTuple } from '@xpark/contract/modules/intercom'
import { openEventStream } from '@/api/eventStream'

export { parseFrames } from '@/api/eventStream'

/** The intercom console's live stream: location batches. Returns a closer. */
export function openLocationStream(onBatch: (batch: LocationTuple[]) => void): () => void {
  return openEventStream(intercomStreamCall, (event, data) => {
    if (event === 'locations') onBatch(JSON.parse(data) as LocationTuple[])
  })
}
