import './csp'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { HashRouter } from 'react-router'
import { loadConsoleSettings } from './app/consoleSettings'
import { AppRoutes, loadLoginPage } from './app/router'
import './i18n'
import { applyBodyClass } from './shell/themeList'
import { installErrorCollector } from './stores/errorLog'
import { useSession } from './stores/session'
import { useSettings } from './stores/settings'
import './styles.css'

installErrorCollector()
void loadConsoleSettings()

// the theme class goes on body from the first paint, before any antd chunk arrives
applyBodyClass(useSettings.getState().themeName)
useSettings.subscribe((s, prev) => {
  if (s.themeName !== prev.themeName) applyBodyClass(s.themeName)
})

const root = createRoot(document.getElementById('root')!)
const render = () =>
  root.render(
    <StrictMode>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </StrictMode>,
  )
// signed out, the first page is the sign-in form: render it at once rather than a spinner
if (useSession.getState().token) render()
else loadLoginPage().then(render, render)
