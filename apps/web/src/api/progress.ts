import NProgress from 'nprogress'
import 'nprogress/nprogress.css'

NProgress.configure({ showSpinner: false })

// several requests overlap: the bar ends when the last one does
let pending = 0

export const progress = {
  start() {
    if (pending++ === 0) NProgress.start()
  },
  done() {
    pending = Math.max(0, pending - 1)
    if (pending === 0) NProgress.done()
  },
}
