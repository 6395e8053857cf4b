import { WORKFLOW_DESIGN_TEXTS as T } from '@xpark/contract/modules/workflow-design'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stamped } from '../../../core/tenancy.js'
import { apiClient } from '../../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../../test/harness.js'
import { user } from '../../identity/index.js'
import { MESSAGES, WorkflowEngine } from '../engine/operations.js'
import { workflowDefinition } from '../schema.js'
import { leaveXml } from './demo.js'
import { workflowDesignVersion, workflowModel, workflowModelScope } from './schema.js'

/**
 * The model and deployment calls on the real database: versions (history, main version), deploy
 * (the engine's refusals, version n+1, running instances stay on theirs), suspension, removal with
 * running instances, category, icon and scope; another tenant's rows; a refused write changes nothing.
 */
const TENANT = '100001'
type Json = Record<string, unknown>
type Page<R> = { records: R[]; total: number }

const diagram = (key: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xpark="http://xpark.dev/schema/bpmn" id="d" targetNamespace="x">
  <process id="${key}" name="${key}">${body}</process>
</definitions>`
const line = (task: string) =>
  `<startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="a" />${task}<sequenceFlow id="f2" sourceRef="a" targetRef="e" /><endEvent id="e" />`

describe('workflow design: models and deployments', () => {
  let t: TestContext
  let admin: Headers
  let adminId: string
  let engine: WorkflowEngine
  const { get, post } = apiClient(
    () => t,
    () => admin,
  )
  const ok = <D = Json>(r: { body: { success: boolean; data: unknown }; text: string }) => {
    expect(r.body.success, r.text).toBe(true)
    return r.body.data as D
  }
  const saveModel = (values: Json) => post<{ id: string }>('blade-workflow/design/model/submit', values)
  const modelRow = async (id: string) =>
    (await t.database.db.select().from(workflowModel).where(eq(workflowModel.id, id)))[0]!
  const versionsOf = (id: string) =>
    t.database.db.select().from(workflowDesignVersion).where(eq(workflowDesignVersion.ownerId, id))

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    adminId = (
      await t.database.db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.tenantId, TENANT), eq(user.account, 'admin')))
    )[0]!.id
    engine = new WorkflowEngine(t.database.db)
  })
  afterAll(() => t.close())

  it('every save is a version: history, and a main version set back', async () => {
    const id = ok<{ id: string }>(await saveModel({ modelKey: 'trip', name: '出差审批' })).id
    ok(
      await saveModel({
        id,
        modelKey: 'trip',
        name: '出差审批',
        xml: leaveXml(adminId, 'trip'),
      }),
    )
    ok(await saveModel({ id, modelKey: 'trip', name: '出差申请' }))
    expect((await modelRow(id)).version).toBe(3)
    const history = ok<Page<{ version: number; main: boolean; name: string }>>(
      await get('blade-workflow/design/model/history', { modelId: id }),
    )
    expect(history.total).toBe(3)
    expect(history.records.map((r) => [r.version, r.main, r.name])).toEqual([
      [3, true, '出差申请'],
      [2, false, '出差审批'],
      [1, false, '出差审批'],
    ])
    const past = ok<Page<Json>>(await get('blade-workflow/design/model/history', { modelId: id, current: 9 }))
    expect([past.total, past.records]).toEqual([3, []])
    ok(await post('blade-workflow/design/model/setMainVersion', { modelId: id, version: 1 }))
    expect(await modelRow(id)).toMatchObject({ version: 1, xml: '' })
    // the next save does not reuse a number
    ok(await saveModel({ id, modelKey: 'trip', name: '出差申请' }))
    expect((await modelRow(id)).version).toBe(4)
    const missing = await post('blade-workflow/design/model/setMainVersion', { modelId: id, version: 9 })
    expect([missing.status, missing.body.msg]).toEqual([404, T.versionMissing])
    const detail = ok<Json>(await get('blade-workflow/design/model/detail', { id }))
    expect(detail).toMatchObject({ modelKey: 'trip', version: 4, deployedVersion: null })
    expect(ok<Page<Json>>(await get('blade-workflow/design/model/list', { name: '出差' })).total).toBe(1)
  })

  it("a save refuses the editor's three connections and a key that is not the model's; nothing is written", async () => {
    const id = ok<{ id: string }>(await saveModel({ modelKey: 'loops', name: '连线' })).id
    const cases: [string, string][] = [
      ['<sequenceFlow id="x" sourceRef="a" targetRef="a" />', 'cannot connect to itself: x'],
      ['<sequenceFlow id="x" sourceRef="a" targetRef="e" />', 'cannot repeat a connection: x'],
      ['<sequenceFlow id="x" sourceRef="e" targetRef="a" />', 'cannot loop back: x'],
    ]
    for (const [extra, message] of cases) {
      const r = await saveModel({
        id,
        modelKey: 'loops',
        name: '连线',
        xml: diagram('loops', line('<userTask id="a" xpark:assignee="user:1" />') + extra),
      })
      expect([r.status, r.body.msg]).toEqual([400, message])
    }
    const other = await saveModel({
      id,
      modelKey: 'loops',
      name: '连线',
      xml: diagram('elsewhere', line('<userTask id="a" />')),
    })
    expect(other.body.msg).toContain(T.keyMismatch)
    const broken = await saveModel({ id, modelKey: 'loops', name: '连线', xml: '<definitions' })
    expect([broken.status, broken.body.msg.startsWith(T.badXml)]).toEqual([400, true])
    expect(await modelRow(id)).toMatchObject({ version: 1, xml: '' })
    expect(await versionsOf(id)).toHaveLength(1)
  })

  it('deploy: unsupported nodes refused by name, version n+1, running instances stay on theirs', async () => {
    const xml = (task: string) => diagram('deployed', line(task))
    const id = ok<{ id: string }>(
      await saveModel({ modelKey: 'deployed', name: '部署', xml: xml('<serviceTask id="a" />') }),
    ).id
    const refused = await post('blade-workflow/design/model/deploy', { modelId: id })
    expect([refused.status, refused.body.msg]).toEqual([400, '不支持的节点: a (bpmn:ServiceTask)'])
    const empty = ok<{ id: string }>(await saveModel({ modelKey: 'blank', name: '空' })).id
    expect((await post('blade-workflow/design/model/deploy', { modelId: empty })).body.msg).toBe(T.noXml)
    expect(
      await t.database.db.select().from(workflowDefinition).where(eq(workflowDefinition.key, 'deployed')),
    ).toEqual([])

    ok(
      await saveModel({
        id,
        modelKey: 'deployed',
        name: '部署',
        xml: xml(`<userTask id="a" name="审批" xpark:assignee="user:${adminId}" />`),
      }),
    )
    const first = ok<{ id: string; processDefinitionId: string; version: number }>(
      await post('blade-workflow/design/model/deploy', { modelId: id }),
    )
    expect(first.version).toBe(1)
    expect(first.processDefinitionId).toBe(`deployed:1:${first.id}`)
    const running = await engine.start({ tenantId: TENANT, userId: adminId }, { key: 'deployed' })
    const second = ok<{ id: string; version: number }>(
      await post('blade-workflow/design/model/deploy', { modelId: id }),
    )
    expect(second.version).toBe(2)
    expect(running.definitionId).toBe(first.id)
    expect(ok<Json>(await get('blade-workflow/design/model/detail', { id })).deployedVersion).toBe(2)

    const list = ok<Page<{ id: string; version: number; runningCount: number; status: number }>>(
      await get('blade-workflow/design/deployment/list', { key: 'deployed' }),
    )
    expect(list.records.map((d) => [d.version, d.runningCount, d.status]).sort()).toEqual([
      [1, 1, 1],
      [2, 0, 1],
    ])

    // a deployment with running instances is not removed (and a batch with it removes nothing)
    const held = await post('blade-workflow/design/deployment/remove', undefined, {
      ids: `${first.id},${second.id}`,
    })
    expect([held.status, held.body.msg]).toEqual([409, T.running])
    expect(
      ok<Page<Json>>(await get('blade-workflow/design/deployment/list', { key: 'deployed' })).total,
    ).toBe(2)

    // suspended: new starts are refused; activated again: they start
    ok(await post('blade-workflow/design/deployment/changeStatus', { id: second.id, status: 2 }))
    await expect(engine.start({ tenantId: TENANT, userId: adminId }, { key: 'deployed' })).rejects.toThrow(
      MESSAGES.suspended,
    )
    const again = await post('blade-workflow/design/deployment/changeStatus', { id: second.id, status: 2 })
    expect(again.status).toBe(409)
    ok(await post('blade-workflow/design/deployment/changeStatus', { id: second.id, status: 1 }))
    await engine.start({ tenantId: TENANT, userId: adminId }, { key: 'deployed' })
    await engine.terminate({ tenantId: TENANT, userId: adminId, ops: true }, { instanceId: running.id })
    ok(await post('blade-workflow/design/deployment/remove', undefined, { ids: first.id }))
    const left = ok<Page<{ version: number }>>(
      await get('blade-workflow/design/deployment/list', { key: 'deployed' }),
    )
    expect(left.records.map((d) => d.version)).toEqual([2])
  })

  it('category and icon; a missing category or another tenant’s model moves nothing', async () => {
    const id = ok<{ id: string }>(await saveModel({ modelKey: 'icons', name: '图标' })).id
    const category = ok<{ id: string }>(
      await post('blade-workflow/design/category/submit', { parentId: '0', code: 'icons', name: '图标类' }),
    ).id
    ok(await post('blade-workflow/design/model/changeIcon', { id, icon: 'icon-leave' }))
    ok(await post('blade-workflow/design/model/changeCategory', { ids: id, categoryId: category }))
    expect(await modelRow(id)).toMatchObject({ icon: 'icon-leave', categoryId: category })
    expect(ok<Json>(await get('blade-workflow/design/model/detail', { id })).categoryName).toBe('图标类')
    const bad = await post('blade-workflow/design/model/changeCategory', { ids: id, categoryId: '123' })
    expect([bad.status, bad.body.msg]).toEqual([400, T.categoryMissing])

    const [foreign] = await t.database.db
      .insert(workflowModel)
      .values(
        stamped(
          workflowModel,
          { tenantId: '000000', userId: '1', deptIds: [] },
          { modelKey: 'icons', name: '别家' },
        ) as never,
      )
      .returning({ id: workflowModel.id })
    const mixed = await post('blade-workflow/design/model/changeCategory', {
      ids: `${id},${foreign!.id}`,
      categoryId: category,
    })
    expect(mixed.status).toBe(404)
    expect(
      (await post('blade-workflow/design/model/changeIcon', { id: foreign!.id, icon: 'x' })).status,
    ).toBe(404)
    expect((await get('blade-workflow/design/model/detail', { id: foreign!.id })).status).toBe(404)
    expect((await get('blade-workflow/design/model/history', { modelId: foreign!.id })).status).toBe(404)
    expect((await post('blade-workflow/design/model/deploy', { modelId: foreign!.id })).status).toBe(404)
    expect(await modelRow(foreign!.id)).toMatchObject({ name: '别家', icon: '', categoryId: null })
  })

  it("another tenant's deployment is neither listed, suspended, moved nor removed", async () => {
    const graph = { key: 'foreign', name: '别家', start: 's', nodes: {}, flows: {} }
    const [foreign] = await t.database.db
      .insert(workflowDefinition)
      .values({
        id: '7000000000000000001',
        tenantId: '000000',
        processDefinitionId: 'foreign:1:7000000000000000001',
        key: 'foreign',
        name: '别家',
        version: 1,
        xml: '',
        graph,
      })
      .returning()
    const id = foreign!.id
    expect(ok<Page<Json>>(await get('blade-workflow/design/deployment/list', { key: 'foreign' })).total).toBe(
      0,
    )
    expect((await post('blade-workflow/design/deployment/changeStatus', { id, status: 2 })).status).toBe(404)
    const category = ok<{ id: string }>(
      await post('blade-workflow/design/category/submit', { parentId: '0', code: 'moved', name: '移动' }),
    ).id
    const moved = await post('blade-workflow/design/deployment/changeCategory', {
      ids: id,
      categoryId: category,
    })
    expect(moved.status).toBe(404)
    await post('blade-workflow/design/deployment/remove', undefined, { ids: id })
    const [row] = await t.database.db.select().from(workflowDefinition).where(eq(workflowDefinition.id, id))
    expect(row).toMatchObject({ status: 1, category: '', isDeleted: 0 })
  })

  it('scope: who may start, replaced whole; an unknown member refuses all', async () => {
    const id = ok<{ id: string }>(await saveModel({ modelKey: 'scoped', name: '范围' })).id
    ok(
      await post('blade-workflow/design/model/scope/submit', {
        modelId: id,
        scopes: [{ type: 'user', val: adminId }],
      }),
    )
    const rows = ok<{ type: string; val: string; text: string }[]>(
      await get('blade-workflow/design/model/scope/list', { modelId: id }),
    )
    expect(rows.map((r) => [r.type, r.val, r.text])).toEqual([['user', adminId, expect.any(String)]])
    const refused = await post('blade-workflow/design/model/scope/submit', {
      modelId: id,
      scopes: [
        { type: 'role', val: '42' },
        { type: 'user', val: adminId },
      ],
    })
    expect([refused.status, refused.body.msg]).toEqual([400, `${T.scopeMissing}: role`])
    const kept = await t.database.db
      .select()
      .from(workflowModelScope)
      .where(eq(workflowModelScope.modelId, id))
    expect(kept.map((r) => r.val)).toEqual([adminId])
    ok(await post('blade-workflow/design/model/scope/submit', { modelId: id, scopes: [] }))
    expect(ok<Json[]>(await get('blade-workflow/design/model/scope/list', { modelId: id }))).toEqual([])
  })
})
