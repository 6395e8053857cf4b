import { WORKFLOW_DESIGN_TEXTS as T } from '@xpark/contract/modules/workflow-design'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stamped } from '../../../core/tenancy.js'
import { apiClient } from '../../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../../test/harness.js'
import { DEMO_KEY, LEAVE_FORM } from './demo.js'
import { workflowCondition, workflowForm, workflowFormDefault } from './schema.js'

/**
 * Categories, forms (versions, pick list, category), default values, conditions (a bad expression
 * refused on save) and buttons through their routes; another tenant's rows; refusals write nothing.
 */
const TENANT = '100001'
type Json = Record<string, unknown>
type Page<R> = { records: R[]; total: number }
const BASE = 'blade-workflow/design'
// biome-ignore lint/suspicious/noTemplateCurlyInString: Flowable's `${…}` wrapper, as clients send it
const WRAPPED = '${days > 5}'

describe('workflow design: categories, forms, conditions, buttons', () => {
  let t: TestContext
  let admin: Headers
  const { get, post } = apiClient(
    () => t,
    () => admin,
  )
  const ok = <D = Json>(r: { body: { success: boolean; data: unknown }; text: string }) => {
    expect(r.body.success, r.text).toBe(true)
    return r.body.data as D
  }
  const idOf = (r: { body: { success: boolean; data: unknown }; text: string }) => ok<{ id: string }>(r).id

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
  })
  afterAll(() => t.close())

  it('categories: a tree (list, tree, allTree), detail, remove; one in use is kept', async () => {
    const root = idOf(await post(`${BASE}/category/submit`, { parentId: '0', code: 'hr', name: '人事' }))
    const child = idOf(
      await post(`${BASE}/category/submit`, { parentId: root, code: 'hr-leave', name: '假期' }),
    )
    const tree = ok<{ id: string; children?: { id: string }[] }[]>(await get(`${BASE}/category/tree`))
    expect(tree.find((n) => n.id === root)?.children?.map((c) => c.id)).toEqual([child])
    expect(ok(await get(`${BASE}/category/allTree`))).toEqual(tree)
    const rows = ok<{ id: string; children?: { id: string }[] }[]>(await get(`${BASE}/category/list`))
    expect(rows.find((n) => n.id === root)?.children?.[0]?.id).toBe(child)
    expect(ok<Json>(await get(`${BASE}/category/detail`, { id: child }))).toMatchObject({
      parentName: '人事',
    })
    const dup = await post(`${BASE}/category/submit`, { parentId: '0', code: 'hr', name: '重复' })
    expect(dup.body.msg).toBe('分类编码已存在')
    const form = idOf(
      await post(`${BASE}/form/submit`, { formKey: 'hr-form', name: '人事表单', categoryId: child }),
    )
    const held = await post(`${BASE}/category/remove`, undefined, { ids: child })
    expect([held.status, held.body.msg]).toEqual([409, '该分类下还有模型或表单, 不能删除: 假期'])
    ok(await post(`${BASE}/form/remove`, undefined, { ids: form }))
    ok(await post(`${BASE}/category/remove`, undefined, { ids: child }))
    expect((await get(`${BASE}/category/detail`, { id: child })).status).toBe(404)
  })

  it('forms: versions and history, listType, changeCategory; a bad schema writes nothing', async () => {
    const id = idOf(
      await post(`${BASE}/form/submit`, { formKey: 'leave2', name: '请假', content: LEAVE_FORM }),
    )
    const changed = JSON.stringify({ components: [{ key: 'days', type: 'number' }] })
    ok(await post(`${BASE}/form/submit`, { id, formKey: 'leave2', name: '请假单', content: changed }))
    const bad = await post(`${BASE}/form/submit`, { id, formKey: 'leave2', name: '坏', content: '{"a":1}' })
    expect([bad.status, bad.body.msg]).toEqual([400, T.badForm])
    const notJson = await post(`${BASE}/form/submit`, { formKey: 'leave3', name: '坏', content: '{' })
    expect(notJson.body.msg).toBe(T.badForm)
    const [row] = await t.database.db.select().from(workflowForm).where(eq(workflowForm.id, id))
    expect(row).toMatchObject({ version: 2, name: '请假单', content: changed })
    expect(await t.database.db.select().from(workflowForm).where(eq(workflowForm.formKey, 'leave3'))).toEqual(
      [],
    )
    const history = ok<Page<{ version: number; content: string; main: boolean }>>(
      await get(`${BASE}/form/history`, { formId: id }),
    )
    expect(history.records.map((r) => [r.version, r.main])).toEqual([
      [2, true],
      [1, false],
    ])
    expect(history.records[1]!.content).toBe(LEAVE_FORM)
    expect(ok<Page<Json>>(await get(`${BASE}/form/list`, { formKey: 'leave2' })).total).toBe(1)
    expect(ok<Json>(await get(`${BASE}/form/detail`, { id }))).toMatchObject({
      formKey: 'leave2',
      version: 2,
    })

    const category = idOf(
      await post(`${BASE}/category/submit`, { parentId: '0', code: 'forms', name: '表单类' }),
    )
    ok(await post(`${BASE}/form/changeCategory`, { ids: id, categoryId: category }))
    const picked = ok<{ id: string; version: number }[]>(
      await get(`${BASE}/form/listType`, { categoryId: category }),
    )
    expect(picked).toEqual([{ id, formKey: 'leave2', name: '请假单', version: 2, categoryId: category }])
    const missing = await post(`${BASE}/form/changeCategory`, { ids: id, categoryId: '77' })
    expect(missing.body.msg).toBe(T.categoryMissing)
  })

  it('default values: a JSON object of a live form of the tenant', async () => {
    const form = idOf(
      await post(`${BASE}/form/submit`, { formKey: 'defaults', name: '默认值表单', content: LEAVE_FORM }),
    )
    const id = idOf(
      await post(`${BASE}/form/default-values/submit`, { formId: form, name: '三天', content: '{"days":3}' }),
    )
    expect(ok<Json>(await get(`${BASE}/form/default-values/detail`, { id }))).toMatchObject({
      formName: '默认值表单',
      formKey: 'defaults',
      content: '{"days":3}',
    })
    expect(ok<Page<Json>>(await get(`${BASE}/form/default-values/list`, { formId: form })).total).toBe(1)
    const array = await post(`${BASE}/form/default-values/submit`, {
      formId: form,
      name: '数组',
      content: '[1]',
    })
    expect([array.status, array.body.msg]).toEqual([400, T.badValues])
    const [foreign] = await t.database.db
      .insert(workflowForm)
      .values(
        stamped(
          workflowForm,
          { tenantId: '000000', userId: '1', deptIds: [] },
          { formKey: 'x', name: '别家' },
        ) as never,
      )
      .returning({ id: workflowForm.id })
    const other = await post(`${BASE}/form/default-values/submit`, {
      formId: foreign!.id,
      name: '别家',
      content: '{}',
    })
    expect([other.status, other.body.msg]).toEqual([400, T.formMissing])
    expect(
      await t.database.db
        .select()
        .from(workflowFormDefault)
        .where(eq(workflowFormDefault.formId, foreign!.id)),
    ).toEqual([])
    ok(await post(`${BASE}/form/default-values/remove`, undefined, { ids: id }))
    expect((await get(`${BASE}/form/default-values/detail`, { id })).status).toBe(404)
  })

  it('conditions: a bad expression is refused on save; listType groups them by type', async () => {
    const id = idOf(
      await post(`${BASE}/condition/submit`, { name: '长假', type: '请假', expression: WRAPPED }),
    )
    idOf(await post(`${BASE}/condition/submit`, { name: '大额', type: '报销', expression: 'amount >= 1000' }))
    const bad = await post(`${BASE}/condition/submit`, {
      id,
      name: '长假',
      type: '请假',
      expression: 'days >',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.msg.startsWith('条件表达式有误: days >')).toBe(true)
    const js = await post(`${BASE}/condition/submit`, { name: '脚本', type: '请假', expression: 'x => 1' })
    expect(js.status).toBe(400)
    const [row] = await t.database.db.select().from(workflowCondition).where(eq(workflowCondition.id, id))
    expect(row?.expression).toBe(WRAPPED)
    const groups = ok<{ type: string; conditions: { name: string }[] }[]>(
      await get(`${BASE}/condition/listType`),
    )
    expect(groups.find((g) => g.type === '请假')?.conditions.map((c) => c.name)).toContain('长假')
    expect(groups.find((g) => g.type === '报销')?.conditions.map((c) => c.name)).toEqual(['大额'])
    expect(groups.flatMap((g) => g.conditions.map((c) => c.name))).not.toContain('脚本')
    expect(ok<Page<Json>>(await get(`${BASE}/condition/list`, { type: '报销' })).total).toBe(1)
    expect(ok<Json>(await get(`${BASE}/condition/detail`, { id }))).toMatchObject({ name: '长假' })
    ok(await post(`${BASE}/condition/remove`, undefined, { ids: id }))
  })

  it('buttons: the demo set, a unique key, CRUD', async () => {
    const list = ok<Page<{ buttonKey: string }>>(await get(`${BASE}/button/list`, { size: 100 }))
    expect(list.records.map((b) => b.buttonKey)).toContain('wf_pass')
    const dup = await post(`${BASE}/button/submit`, { buttonKey: 'wf_pass', name: '同意2' })
    expect(dup.body.msg).toBe('按钮标识已存在: wf_pass')
    const id = idOf(await post(`${BASE}/button/submit`, { buttonKey: 'wf_urge', name: '催办', sort: 20 }))
    expect(ok<Json>(await get(`${BASE}/button/detail`, { id }))).toMatchObject({ name: '催办', display: 1 })
    ok(await post(`${BASE}/button/remove`, undefined, { ids: id }))
  })

  it('the demo park has the leave process designed and deployed', async () => {
    const models = ok<Page<{ modelKey: string; deployedVersion: number }>>(
      await get(`${BASE}/model/list`, { modelKey: DEMO_KEY }),
    )
    expect(models.records).toMatchObject([{ modelKey: DEMO_KEY, deployedVersion: 2 }])
    const deployments = ok<Page<{ processDefinitionId: string; categoryName: string; runningCount: number }>>(
      await get(`${BASE}/deployment/list`, { key: DEMO_KEY, ascs: 'version' }),
    )
    expect(
      deployments.records.map((d) => [
        d.processDefinitionId.split(':').slice(0, 2).join(':'),
        d.runningCount,
      ]),
    ).toEqual([
      ['park_leave:1', 1],
      ['park_leave:2', 0],
    ])
    expect(deployments.records[0]?.categoryName).toBe('行政审批')
  })
})
