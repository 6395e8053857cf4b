import './csp'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { HashRouter } from 'react-router'
import { loadConsoleSettings } from './app/consoleSettings'
import { AppRoutes } from './app/router'
import './i18n'
import { applyBodyClass } from './shell/themeList'
import { installErrorCollector } from './stores/errorLog'
import { useSettings } from './stores/settings'
import './styles.css'

installErrorCollector()
void loadConsoleSettings()

// the theme class goes on body from the first paint, before any antd chunk arrives
applyBodyClass(useSettings.getState().themeName)
useSettings.subscribe((s, prev) => {
  if (s.themeName !== prev.themeName) applyBodyClass(s.themeName)
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  </StrictMode>,
)
