import { type ComponentType, lazy } from 'react'
import { Navigate, type RouteObject, useRoutes } from 'react-router'
import { website } from '../config'
import { FEATURES } from './features'
import { RootGuard } from './RootGuard'
import { resolveScreen } from './registry'

// Every page is its own chunk: the login route must not pull the shell, the tables or the dialogs.
const importLoginPage = () => import('../shell/login/LoginPage')
let loadedLoginPage: ComponentType | undefined
const LazyLoginPage = lazy(importLoginPage)

/**
 * Load the sign-in page before the first render (main.tsx, when the visit starts signed out). Its
 * chunk is already on its way (index.html preloads it); a lazy page that suspends at start would show
 * the spinner first, and React then holds the page back for its fallback throttle (~300 ms).
 */
export async function loadLoginPage(): Promise<void> {
  loadedLoginPage = (await importLoginPage()).default
}

function LoginPage() {
  const Page = loadedLoginPage ?? LazyLoginPage
  return <Page />
}
const LockPage = lazy(() => import('../shell/lock/LockPage'))
const ErrorPage = lazy(() => import('../shell/ErrorPage'))
// the layout chunk also registers the dictionary renderer of CrudPage cells (`dict: 'code'` columns)
const Layout = lazy(() =>
  Promise.all([import('../shell/layout/Layout'), import('./dictRenderer')]).then(([layout]) => layout),
)

export const routes: RouteObject[] = [
  {
    element: <RootGuard />,
    children: [
      { path: website.loginPage, element: <LoginPage /> },
      { path: website.lockPage, element: <LockPage /> },
      { path: '/404', element: <ErrorPage code={404} /> },
      { path: '/403', element: <ErrorPage code={403} /> },
      { path: '/500', element: <ErrorPage code={500} /> },
      // the features' pages of their own (the payment page `/pay`, opened in a new tab from its menu)
      ...FEATURES.flatMap((feature) =>
        Object.entries(feature.pages ?? {}).map(([path, Page]) => ({ path, element: <Page /> })),
      ),
      { path: '/', element: <Navigate to="/wel" replace /> },
      { path: '/wel', element: <Navigate to={website.homePath} replace /> },
      // every framed page: the layout looks the path up in the screen registry (unknown → /404)
      { path: '*', element: <Layout resolve={resolveScreen} /> },
    ],
  },
]

/**
 * The route table, rendered inside <HashRouter>. Declarative routing on purpose: the data router
 * (createHashRouter) adds ~16 KB gzip to the login route and we use no loaders or actions.
 */
export function AppRoutes() {
  return useRoutes(routes)
}
