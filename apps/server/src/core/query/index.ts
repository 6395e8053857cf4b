export {
  type FilterField,
  FilterSet,
  type FilterSpec,
  filterField,
  type Operator,
  RESERVED_PARAMS,
  trigramFields,
} from './filters.js'
export {
  EXACT_TOTAL_MAX,
  estimateQueryRows,
  estimateRows,
  ONE_PASS_MAX,
  type PageQuery,
  pageTotal,
  selectPage,
} from './page.js'
export { DEFAULT_SIZE, type Keyset, MAX_SIZE, type Paging, readPaging, SortSet } from './paging.js'
export { escapeLike, parseDateTime } from './values.js'
