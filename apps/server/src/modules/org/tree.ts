import { isAdministrator } from '../../core/auth/guards.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { forbidden } from '../../core/errors.js'

export { forestOf, treeNode, treeOf } from '../../core/tree.js'

/**
 * The tenant a tree request reads: the caller's own; another one only for the platform
 * administrator (BladeX `tree?tenantId=`).
 */
export function tenantFor(auth: AuthContext, tenantId: string | undefined): { tenantId: string } {
  if (!tenantId || tenantId === auth.tenantId) return { tenantId: auth.tenantId }
  if (!isAdministrator(auth)) throw forbidden('无权查看其他租户的数据')
  return { tenantId }
}
