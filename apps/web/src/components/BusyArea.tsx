import { Spin } from 'antd'
import type { HTMLAttributes } from 'react'
import './busyArea.css'

/**
 * An area (a table, a list) while its data loads: a veil with antd's spinner over it, shown and taken
 * away in the same render as the busy flag. antd's own `loading` goes through Spin's state, which
 * follows the flag one effect later: one more render after the rows arrive, and its blur class on the
 * whole table restyles every cell, twice per load (issue 13: about a third of a 100-row page's render).
 */
export function BusyArea({ busy, children, ...rest }: { busy: boolean } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div {...rest} className="busy-area" aria-busy={busy}>
      {children}
      {busy ? (
        <div className="busy-area-veil">
          <Spin />
        </div>
      ) : null}
    </div>
  )
}
