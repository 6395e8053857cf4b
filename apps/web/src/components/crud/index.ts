/** The generic CRUD screen: declare a resource with `defineCrud`, render it with `<CrudPage>`. */
export { CrudPage } from './CrudPage'
export { DATE_FORMAT, dropEmpty, operatorSuffix, toQuery } from './query'
export { type DictRenderer, setDictRenderer } from './renderers'
export * from './types'
