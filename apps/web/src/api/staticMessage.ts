import { message } from 'antd'

export function showError(text: string): void {
  void message.error(text)
}
