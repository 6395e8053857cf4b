/**
 * Toasts from outside React (the HTTP client). The shell and the login page register antd's
 * context-aware message API; until one does, antd's static `message` is loaded on demand so it
 * stays out of the first chunk.
 */
type Notifier = { error: (text: string) => void }

let current: Notifier | null = null

/** Register a notifier; the returned function unregisters it (only if it is still the current one). */
export function setNotifier(notifier: Notifier): () => void {
  current = notifier
  return () => {
    if (current === notifier) current = null
  }
}

export function notifyError(text: string): void {
  if (current) {
    current.error(text)
    return
  }
  void import('./staticMessage').then((m) => m.showError(text))
}
