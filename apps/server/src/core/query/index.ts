export {
  type FilterField,
  FilterSet,
  type FilterSpec,
  filterField,
  type Operator,
  RESERVED_PARAMS,
  trigramFields,
} from './filters.js'
export { type PageQuery, selectPage } from './page.js'
export { DEFAULT_SIZE, MAX_SIZE, type Paging, readPaging, SortSet } from './paging.js'
export { escapeLike, parseDateTime } from './values.js'
