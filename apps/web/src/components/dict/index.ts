export { DICT_STALE_MS, dictionaryQuery, fetchDictionary, invalidateDictionaries } from './api'
export { DictSelect, type DictSelectProps, type DictValue } from './DictSelect'
export { DictTag, type DictTagProps } from './DictTag'
