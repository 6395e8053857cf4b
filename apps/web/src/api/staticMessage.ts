import { message } from 'antd'

export function showError(text: string): void {
  void message.error(text)
}

/** Close every static toast now: its own React root would otherwise re-render when the toast times out. */
export function closeStaticMessages(): void {
  message.destroy()
}
