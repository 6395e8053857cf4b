import { fetchConsoleSettings } from '../api/auth'
import { useSettings } from '../stores/settings'

/** Refresh the public console settings; the last reply stays in localStorage for the next start. */
export async function loadConsoleSettings(): Promise<void> {
  try {
    useSettings.getState().setConsole(await fetchConsoleSettings())
  } catch {
    // the HTTP client already reported it; the cached settings keep the login page usable
  }
}
