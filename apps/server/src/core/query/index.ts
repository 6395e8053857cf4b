export { FilterSet, type FilterSpec, type Operator, RESERVED_PARAMS } from './filters.js'
export { type PageQuery, selectPage } from './page.js'
export { DEFAULT_SIZE, MAX_SIZE, type Paging, readPaging, SortSet } from './paging.js'
export { escapeLike, parseDateTime } from './values.js'
