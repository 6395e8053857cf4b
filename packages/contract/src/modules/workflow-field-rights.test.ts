import { describe, expect, it } from 'vitest'
import {
  mergeWritten,
  rightOf,
  unwritablePath,
  withoutHidden,
  writableOnly,
} from './workflow-field-rights.js'
import { formFieldPaths, walkFormComponents } from './workflow-forms.js'

const schema = {
  components: [
    { key: 'days', label: '请假天数', type: 'number' },
    { type: 'text', text: '说明' },
    {
      type: 'group',
      label: '申请人',
      path: 'applicant',
      components: [
        { key: 'name', label: '姓名', type: 'textfield' },
        { type: 'group', label: '联系', components: [{ key: 'phone', label: '电话', type: 'textfield' }] },
        { key: 'salary', label: '工资', type: 'number' },
      ],
    },
    { type: 'group', label: '无路径', components: [{ key: 'remark', label: '备注', type: 'textarea' }] },
    {
      type: 'dynamiclist',
      label: '物品',
      path: 'items',
      components: [{ key: 'what', label: '名称', type: 'textfield' }],
    },
  ],
}

describe('the schema walker (one for the rules, the rights and the console)', () => {
  it('meets every component depth first with its data path', () => {
    const seen: string[] = []
    walkFormComponents(schema, ({ component, path, parents }) => {
      seen.push(`${String(component.type)}:${path}:${parents.length}`)
    })
    expect(seen).toEqual([
      'number:days:0',
      'text::0',
      'group:applicant:0',
      'textfield:applicant.name:1',
      'group::1',
      'textfield:applicant.phone:2',
      'number:applicant.salary:1',
      'group::0',
      'textarea:remark:1',
      'dynamiclist:items:0',
      'textfield:items.what:1',
    ])
  })

  it('lists the fields rights can name: nested ones by path, a dynamic list as one', () => {
    expect(formFieldPaths(JSON.stringify(schema))).toEqual([
      { path: 'days', label: '请假天数', type: 'number', within: [] },
      { path: 'applicant.name', label: '姓名', type: 'textfield', within: ['申请人'] },
      { path: 'applicant.phone', label: '电话', type: 'textfield', within: ['申请人', '联系'] },
      { path: 'applicant.salary', label: '工资', type: 'number', within: ['申请人'] },
      { path: 'remark', label: '备注', type: 'textarea', within: ['无路径'] },
      { path: 'items', label: '物品', type: 'dynamiclist', within: [] },
    ])
    expect(formFieldPaths('{bad')).toEqual([])
  })
})

describe('field rights over nested data', () => {
  const rights = {
    days: 'read',
    'applicant.name': 'write',
    'applicant.salary': 'hidden',
    items: 'write',
  } as const
  const data = {
    days: 2,
    applicant: { name: '张三', phone: '1', salary: 9000 },
    items: [{ what: '笔' }],
  }

  it('a path takes its own right or the nearest enclosing one', () => {
    expect(rightOf(rights, 'applicant.salary')).toBe('hidden')
    expect(rightOf(rights, 'items.0.what')).toBe('write')
    expect(rightOf(rights, 'applicant.phone')).toBeUndefined()
  })

  it('names the first path a task may not write', () => {
    expect(unwritablePath(rights, { applicant: { name: 'x' }, items: [] })).toBeUndefined()
    expect(unwritablePath(rights, { applicant: { name: 'x', salary: 1 } })).toBe('applicant.salary')
    expect(unwritablePath(rights, { applicant: { phone: '2' } })).toBe('applicant.phone')
    expect(unwritablePath(rights, { days: 3 })).toBe('days')
    expect(unwritablePath(undefined, { anything: 1 })).toBeUndefined()
    expect(unwritablePath({}, { anything: 1 })).toBeUndefined()
  })

  it('leaves hidden fields out, or keeps only writable ones, without changing the data', () => {
    expect(withoutHidden(rights, data)).toEqual({
      days: 2,
      applicant: { name: '张三', phone: '1' },
      items: [{ what: '笔' }],
    })
    expect(writableOnly(rights, data)).toEqual({ applicant: { name: '张三' }, items: [{ what: '笔' }] })
    expect(data.applicant.salary).toBe(9000)
    expect(withoutHidden(null, data)).toBe(data)
  })

  it('merges a written group field into its object', () => {
    expect(mergeWritten(rights, data, { applicant: { name: '李四' } })).toEqual({
      applicant: { name: '李四', phone: '1', salary: 9000 },
    })
    expect(mergeWritten(undefined, data, { applicant: { name: '李四' } })).toEqual({
      applicant: { name: '李四' },
    })
  })
})
