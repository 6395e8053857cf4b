export { FilterSet, type FilterSpec, type Operator, RESERVED_PARAMS } from './filters.js'
export { selectPage, type PageQuery } from './page.js'
export { DEFAULT_SIZE, MAX_SIZE, type Paging, readPaging, SortSet } from './paging.js'
export { escapeLike, parseDateTime } from './values.js'
