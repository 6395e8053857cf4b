import { storeKey } from '@/stores/storage'

/**
 * The machines played by a local WebRTC player (spec 01 §3, spec 02 §2): a list of machine ids kept
 * in the browser's storage under `localVideos` (a JSON array; Saber's stores wrapped it as
 * `{content: [...]}`, read too). Anything else there reads as an empty list.
 */
export const LOCAL_VIDEOS_KEY = storeKey('localVideos')

export function localVideos(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(LOCAL_VIDEOS_KEY) ?? '[]')
    const list = Array.isArray(stored) ? stored : (stored as { content?: unknown } | null)?.content
    return Array.isArray(list) ? list.map(String) : []
  } catch {
    return []
  }
}

export const isLocalVideo = (machineId: string | number) => localVideos().includes(String(machineId))
