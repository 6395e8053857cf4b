import { z } from 'zod'
import type { Resource } from './resource.js'

/** The query a resource's lists take, as OpenAPI shows it: paging, sorting, its declared filters. */
export function listQuerySchema(r: Resource, extra: Record<string, z.ZodType> = {}) {
  const text = (description: string) => z.string().optional().describe(description)
  const shape: Record<string, z.ZodType> = {
    current: text('page number, from 1 (default 1)'),
    size: text('rows per page, 1 to 1000 (default 10)'),
    ascs: text(`comma list of sort fields, ascending: ${['id', ...(r.sorts ?? [])].join(', ')}`),
    descs: text('comma list of sort fields, descending'),
    ...extra,
  }
  for (const name of r.filterSet.names()) {
    const kind = r.filterSet.kindOf(name)
    const suffixes = ['_equal', '_notequal', '_gt', '_ge', '_lt', '_le', '_in']
    if (kind === 'text') suffixes.push('_like', '_notlike', '_likeleft', '_likeright')
    if (kind === 'date') suffixes.push('_dategt', '_datege', '_datelt', '_datele (yyyy-MM-dd[ HH:mm:ss])')
    shape[name] = text(`${r.filterSet.opOf(name) ?? 'eq'} filter; also ${name}${suffixes.join(', ')}`)
  }
  // BladeX clients send extra parameters; they pass through and are ignored unless they name a filter
  return z.object(shape).loose()
}
