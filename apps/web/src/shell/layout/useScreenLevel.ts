import { useEffect, useState } from 'react'
import { screenLevel } from '../screen'

/** The current screen size level, following window resizes. */
export function useScreenLevel(): 0 | 1 | 2 | 3 {
  const [level, setLevel] = useState(() => screenLevel(window.innerWidth))
  useEffect(() => {
    const onResize = () => setLevel(screenLevel(window.innerWidth))
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return level
}
