/**
 * An error with a BladeX code. Thrown anywhere; the error handler turns it into the envelope with
 * the HTTP status equal to the code (as BladeX's exception translator does).
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** the envelope's `data` (a reason a client acts on); `{}` when absent */
    readonly data?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const badRequest = (msg: string) => new AppError(400, msg)
export const unauthorized = (msg = '请求未授权') => new AppError(401, msg)
export const forbidden = (msg = '请求被拒绝') => new AppError(403, msg)
export const notFound = (msg = '没找到请求') => new AppError(404, msg)
