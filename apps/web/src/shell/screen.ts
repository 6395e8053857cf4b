/** Screen size level (spec 01 §2): below 768 → 0, 768 → 1, 992 → 2, 1200 → 3. */
export function screenLevel(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3
  if (width >= 992) return 2
  if (width >= 768) return 1
  return 0
}

/** Levels 0 and 1 count as small, as in Saber: the sidebar overlays the page and collapses after a choice. */
export const isSmallScreen = (level: number) => level <= 1
