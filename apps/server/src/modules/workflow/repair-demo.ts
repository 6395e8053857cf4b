import { REPAIR_PROCESS_KEY } from '@xpark/contract/modules/analysis'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { machineFaultType, parkMachine } from '../device/index.js'
import { keepVersion } from './design/resources.js'
import { workflowModel } from './design/schema.js'
import { WorkflowEngine } from './engine/operations.js'
import { TASK, workflowHistory, workflowInstance, workflowTask } from './schema.js'

/**
 * The demo park's 设备报修 (issue 31): a machine and its fault reported, 维修 by the park staff, 验收 by
 * the reporter. Deployed, with a fortnight of repairs (most done) for 报修分析 (/repairAnalysis).
 */
export function repairXml(worker: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xpark="http://xpark.dev/schema/bpmn"
             id="repair-definitions" targetNamespace="http://xpark.dev/workflow">
  <process id="${REPAIR_PROCESS_KEY}" name="设备报修" isExecutable="true">
    <startEvent id="start" name="报修" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="fix" />
    <userTask id="fix" name="维修" xpark:assignee="user:${worker}" />
    <sequenceFlow id="f2" sourceRef="fix" targetRef="check" />
    <userTask id="check" name="验收" xpark:assignee="\${initiator}" />
    <sequenceFlow id="f3" sourceRef="check" targetRef="end" />
    <endEvent id="end" name="结束" />
  </process>
</definitions>
`
}

/** repairs a day over the last fortnight, oldest first (a steady trickle with a bad day) */
const PER_DAY = [1, 0, 2, 1, 0, 0, 3, 1, 1, 0, 2, 1, 0, 1]

export async function seedRepairDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const admin = users.get('admin') ?? '0'
  const worker = users.get('staff') ?? admin
  const auth = { tenantId, userId: admin, deptIds: [...depts] }
  const xml = repairXml(worker)
  const model = stamped(workflowModel, auth, {
    modelKey: REPAIR_PROCESS_KEY,
    name: '设备报修',
    icon: '',
    xml,
  })
  await tx.insert(workflowModel).values(model as never)
  await keepVersion(
    tx,
    'model',
    { id: String(model.id), tenantId, version: 1, name: '设备报修', content: xml },
    admin,
  )
  const engine = new WorkflowEngine(tx) // a transaction's transaction is a savepoint
  const definition = await engine.deploy(tenantId, { xml, modelId: String(model.id) })
  const machines = await tx
    .select({ id: parkMachine.id, type: parkMachine.type })
    .from(parkMachine)
    .where(and(eq(parkMachine.tenantId, tenantId), eq(parkMachine.isDeleted, 0)))
    .orderBy(asc(parkMachine.code))
  const faults = await tx
    .select({ id: machineFaultType.id, machineType: machineFaultType.machineType })
    .from(machineFaultType)
    .where(and(eq(machineFaultType.tenantId, tenantId), eq(machineFaultType.isDeleted, 0)))
  if (!machines.length) return
  const now = Date.now()
  let n = 0
  for (const [i, count] of PER_DAY.entries()) {
    const daysAgo = PER_DAY.length - 1 - i
    for (let k = 0; k < count; k++, n++) {
      const machine = machines[(n * 7) % machines.length]!
      const fitting = faults.filter((f) => f.machineType === null || f.machineType === machine.type)
      const fault = fitting[n % Math.max(1, fitting.length)]
      const instance = await engine.start(
        { tenantId, userId: admin },
        {
          definitionId: definition.id,
          variables: {
            machineId: machine.id,
            ...(fault ? { faultTypeId: fault.id } : {}),
            remark: '设备故障',
          },
        },
      )
      // all but the last two days' repairs are done: fixed, then checked
      if (daysAgo >= 2)
        for (const who of [worker, admin]) {
          const [task] = await tx
            .select({ id: workflowTask.id })
            .from(workflowTask)
            .where(and(eq(workflowTask.instanceId, instance.id), eq(workflowTask.status, TASK.open)))
          if (task) await engine.complete({ tenantId, userId: who }, { taskId: task.id, comment: '已处理' })
        }
      // reported on its day at 10:00, fixed by noon, checked by 14:00
      const at = new Date(now - daysAgo * 86_400_000)
      at.setHours(10, n % 50, 0, 0)
      const later = (hours: number) => new Date(at.getTime() + hours * 3_600_000)
      const one = eq(workflowInstance.id, instance.id)
      await tx
        .update(workflowInstance)
        .set({
          startTime: at,
          endTime: sql`case when ${workflowInstance.endTime} is null then null else ${later(4)}::timestamptz end`,
        })
        .where(one)
      await tx
        .update(workflowTask)
        .set({
          createTime: at,
          endTime: sql`case when ${workflowTask.endTime} is null then null else ${later(2)}::timestamptz end`,
        })
        .where(eq(workflowTask.instanceId, instance.id))
      await tx.update(workflowHistory).set({ time: at }).where(eq(workflowHistory.instanceId, instance.id))
    }
  }
}
