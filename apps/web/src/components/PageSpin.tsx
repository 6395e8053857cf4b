import './pageSpin.css'

/** Fallback while a lazy chunk loads: plain CSS, so the entry chunk needs no antd. */
export function PageSpin() {
  return (
    <div className="page-spin" role="status" aria-label="loading">
      <span className="page-spin-dot" />
    </div>
  )
}
