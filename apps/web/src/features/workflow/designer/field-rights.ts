import { FIELD_RIGHTS, type FieldRight } from '@xpark/contract/modules/workflow-moddle'

/** `xpark:fields` as the designer edits it: `path:right` tokens in order (unreadable ones dropped). */
export function parseFieldRights(text: string): [string, FieldRight][] {
  return text
    .split(',')
    .map((token) => token.split(':').map((p) => p.trim()))
    .flatMap(([path, right, extra]) =>
      path && extra === undefined && FIELD_RIGHTS.includes(right as FieldRight)
        ? [[path, right as FieldRight] as [string, FieldRight]]
        : [],
    )
}

/** One field's right set (undefined: not named), the others kept in their order; '' when none is left. */
export function withFieldRight(text: string, path: string, right: FieldRight | undefined): string {
  const rights = parseFieldRights(text).filter(([p]) => p !== path)
  if (right) rights.push([path, right])
  return rights.map(([p, r]) => `${p}:${r}`).join(',')
}
