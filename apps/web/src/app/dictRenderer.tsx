import { setDictInput, setDictRenderer } from '@/components/crud'
import { DictSelect, DictTag, type DictValue } from '@/components/dict'

/**
 * CrudPage columns declared with `dict: 'code'` show the labels of the system dictionary (spec 01 §3
 * lookups). Loaded with the shell layout, never on the login route (it needs antd and the query cache).
 */
setDictRenderer((code, value) =>
  value === undefined || value === null || value === '' ? null : (
    <DictTag code={code} value={value as DictValue | DictValue[]} />
  ),
)

// …and pick from it in search and dialog forms
setDictInput(({ code, numeric, testId, disabled, placeholder, style }) => (
  <DictSelect
    code={code}
    numeric={numeric}
    allowClear
    data-testid={testId}
    disabled={disabled}
    placeholder={placeholder}
    style={style}
  />
))
