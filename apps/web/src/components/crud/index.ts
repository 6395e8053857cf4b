/** The generic CRUD screen: declare a resource from its contract (`fromContract`), render it with `<CrudPage>`. */
export { CrudPage } from './CrudPage'
export {
  ActionButtons,
  type ActionInputField,
  type ActionInputs,
  type ContractScreen,
  formHints,
  fromContract,
  inputsOf,
  routeUnder,
  transitionsFor,
  treeSource,
  useCan,
  useTransition,
} from './contract'
export { codedTreeScreen } from './presets'
export { crudKeys, DATE_FORMAT, dropEmpty, invalidateResource, operatorSuffix, toQuery } from './query'
export { RowButton } from './RowButton'
export {
  type DictInputProps,
  type DictInputRenderer,
  type DictRenderer,
  renderDict,
  setDictInput,
  setDictRenderer,
} from './renderers'
export { type PickedNode, TreeSourceSelect, treeSourceQuery } from './TreeSourceSelect'
export * from './types'
export { formatMoney } from './useCrudColumns'
