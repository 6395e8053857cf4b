/** The BladeX response envelope `R`: success is true exactly when code is 200. */
export interface R<T> {
  code: number
  success: boolean
  data: T
  msg: string
}

/** A MyBatis-Plus style page, as BladeX serialises it. */
export interface Page<T> {
  records: T[]
  total: number
  size: number
  current: number
  pages: number
  orders: never[]
  searchCount: boolean
}

export const API_BASE = '/xparkApi'
