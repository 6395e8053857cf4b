import { lazy } from 'react'
import { Navigate, type RouteObject, useRoutes } from 'react-router'
import { website } from '../config'
import { RootGuard } from './RootGuard'
import { resolveScreen } from './registry'

// Every page is its own chunk: the login route must not pull the shell, the tables or the dialogs.
const LoginPage = lazy(() => import('../shell/login/LoginPage'))
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
