import { describe, expect, it } from 'vitest'
import { formFields, parseFormSchema, validateFormData } from './workflow-forms.js'

const schema = {
  type: 'default',
  components: [
    { key: 'days', label: '请假天数', type: 'number', validate: { required: true, min: 0.5, max: 30 } },
    {
      key: 'reason',
      label: '请假事由',
      type: 'textarea',
      validate: { required: true, minLength: 2, maxLength: 10 },
    },
    { key: 'code', label: '工号', type: 'textfield', validate: { pattern: '^P\\d{3}$' } },
    { key: 'mail', label: '邮箱', type: 'textfield', validate: { validationType: 'email' } },
    {
      key: 'kind',
      label: '类型',
      type: 'select',
      values: [
        { label: '事假', value: 'personal' },
        { label: '病假', value: 'sick' },
      ],
    },
    { key: 'tags', label: '标签', type: 'checklist', values: [{ label: 'A', value: 'a' }] },
    {
      type: 'group',
      path: 'contact',
      components: [{ key: 'phone', label: '电话', type: 'textfield', validate: { required: true } }],
    },
    { key: 'note', label: '说明', type: 'text' },
    { key: 'later', label: '后填', type: 'textfield', disabled: true, validate: { required: true } },
    {
      key: 'maybe',
      label: '条件',
      type: 'textfield',
      conditional: { hide: '=days < 3' },
      validate: { required: true },
    },
    { key: 'feel', label: '表达式', type: 'textfield', validate: { required: '=days > 3' } },
  ],
}
const valid = {
  days: 2,
  reason: '回家探亲',
  code: 'P001',
  mail: 'a@b.cn',
  kind: 'sick',
  tags: ['a'],
  contact: { phone: '1' },
}
const rules = (data: Record<string, unknown>) =>
  validateFormData(schema, data).map((p) => `${p.key}:${p.rule}`)

describe('form schema rules (the start form, server and console alike)', () => {
  it('reads the keyed fields, a group’s path, leaving out disabled, conditional and display components', () => {
    expect(formFields(schema).map((f) => f.key)).toEqual([
      'days',
      'reason',
      'code',
      'mail',
      'kind',
      'tags',
      'contact.phone',
      'feel',
    ])
    expect(formFields(JSON.stringify(schema))).toEqual(formFields(schema))
  })

  it('passes valid data', () => {
    expect(rules(valid)).toEqual([])
  })

  it('names each broken rule with the field’s label', () => {
    expect(validateFormData(schema, { ...valid, days: null })[0]).toMatchObject({
      key: 'days',
      rule: 'required',
      message: '请假天数不能为空',
    })
    expect(rules({ ...valid, days: 0.2, reason: '长'.repeat(11), code: 'X1' })).toEqual([
      'days:min',
      'reason:maxLength',
      'code:pattern',
    ])
    expect(rules({ ...valid, days: 31, reason: ' 走 ', mail: 'nope' })).toEqual([
      'days:max',
      'reason:minLength',
      'mail:email',
    ])
    expect(rules({ ...valid, days: 'abc' })).toEqual(['days:number'])
    expect(rules({ ...valid, kind: 'annual', tags: ['a', 'b'] })).toEqual(['kind:option', 'tags:option'])
    expect(rules({ ...valid, contact: {} })).toEqual(['contact.phone:required'])
    expect(validateFormData(schema, { ...valid, days: 40 })[0]?.message).toBe('请假天数不能大于 30')
  })

  it('an empty optional field breaks nothing; a number may come as text', () => {
    expect(rules({ ...valid, code: '', mail: null, kind: undefined, tags: [], days: '2.5' })).toEqual([])
  })

  it('a schema that is not a form has no rules', () => {
    expect(parseFormSchema('{bad')).toBeNull()
    expect(parseFormSchema('{"a":1}')).toBeNull()
    expect(validateFormData('', {})).toEqual([])
  })
})
