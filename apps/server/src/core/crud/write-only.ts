import type { SecretBox } from '../secret-box.js'
import type { Resource } from './resource.js'

/**
 * The contract's `writeOnly` fields (a machine's account and password): sealed before they are
 * written (core/secret-box.ts), never in a reply (the resource omits them), and on an update an empty
 * or absent value leaves the stored one as it is — a form shows them blank and sends them blank.
 */
export function sealWriteOnly(
  r: Resource,
  values: Record<string, unknown>,
  updating: boolean,
  box: SecretBox,
): void {
  for (const field of r.contract.writeOnly ?? []) {
    const value = values[field]
    if (value === undefined || value === null || value === '') {
      if (updating) delete values[field]
      else values[field] = ''
      continue
    }
    values[field] = box.seal(String(value))
  }
}
