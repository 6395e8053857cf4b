import { machineCommands } from '@xpark/contract/modules/device'
import {
  SCENE_LIMITS,
  SCENE_RESULT,
  SCENE_RESULT_NAMES,
  SCENE_TEXTS,
  type SceneRun,
} from '@xpark/contract/modules/meeting'
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import { type RanCommand, runDeclared } from '../../core/devices/index.js'
import { AppError, notFound } from '../../core/errors.js'
import type { ModuleContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { parkMachine } from '../device/index.js'
import { dict } from '../dict/index.js'
import { type LoggedStep, scene, sceneLog, sceneStep } from './schema.js'

/**
 * Running a scene (`exec`, and the linkages): its steps in order, each after its delay, each through
 * the device layer's one command path, then ONE scene log with every step's result. The scene's
 * `runningSince` column is its lock — a conditional update, so two server processes agree — and a
 * second run meanwhile is 409 `场景正在执行`. A run is short by construction (SCENE_LIMITS: at most
 * 10 steps, 30 s of delays, 3 s per ack: under a minute), so `exec` answers when it is done.
 */

/** A lock older than this no longer holds (its process died mid-run): past any run's length. */
const STALE_MS = 120_000

export type Who = Pick<AuthContext, 'tenantId' | 'userId' | 'deptIds'>

/** How a step reaches its machine: a person's control (permission, scope) or a linkage's. */
export type StepRunner = (
  step: { machineId: string; control: string },
  timeoutMs: number,
) => Promise<RanCommand>

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The linkage's runner: no person, so no permission; the machine must be the tenant's and live. */
export function linkageRunner(ctx: ModuleContext, who: Who): StepRunner {
  return async ({ machineId, control }, timeoutMs) => {
    const [machine] = await ctx.database.db
      .select({ id: parkMachine.id, code: parkMachine.code, type: parkMachine.type })
      .from(parkMachine)
      .where(
        and(
          eq(parkMachine.tenantId, who.tenantId),
          eq(parkMachine.id, machineId),
          eq(parkMachine.isDeleted, 0),
        ),
      )
    if (!machine) throw notFound('设备不存在')
    return runDeclared(ctx.database.db, ctx.devices, machineCommands, {
      by: { authorized: who },
      machine,
      control,
      source: 'LINKAGE',
      timeoutMs,
    })
  }
}

/** Take the scene's lock, or say why not (409 running, 404 gone). */
async function lock(
  ctx: ModuleContext,
  tenantId: string,
  id: string,
): Promise<{ name: string; since: Date }> {
  const db = ctx.database.db
  const since = new Date()
  const [taken] = await db
    .update(scene)
    .set({ runningSince: since })
    .where(
      and(
        eq(scene.tenantId, tenantId),
        eq(scene.id, id),
        eq(scene.isDeleted, 0),
        or(isNull(scene.runningSince), lt(scene.runningSince, new Date(since.getTime() - STALE_MS))),
      ),
    )
    .returning({ name: scene.name })
  if (taken) return { name: taken.name, since }
  const [exists] = await db
    .select({ id: scene.id })
    .from(scene)
    .where(and(eq(scene.tenantId, tenantId), eq(scene.id, id), eq(scene.isDeleted, 0)))
  if (!exists) throw notFound('场景不存在')
  throw new AppError(409, SCENE_TEXTS.running)
}

/** Labels of the controls (dict machine_control_type) and names of the machines a run names. */
async function labels(ctx: ModuleContext, tenantId: string, machineIds: string[]) {
  const db = ctx.database.db
  const controls = await db
    .select({ key: dict.dictKey, value: dict.dictValue })
    .from(dict)
    .where(and(eq(dict.code, 'machine_control_type'), eq(dict.isDeleted, 0), sql`${dict.parentId} <> 0`))
  const machines = machineIds.length
    ? await db
        .select({ id: parkMachine.id, name: parkMachine.name })
        .from(parkMachine)
        .where(and(eq(parkMachine.tenantId, tenantId), inArray(parkMachine.id, machineIds)))
    : []
  return {
    control: new Map(controls.map((c) => [c.key, c.value])),
    machine: new Map(machines.map((m) => [m.id, m.name])),
  }
}

/** The overall verdict: every step done, none, or some (部分失败). */
export function verdict(steps: readonly LoggedStep[]): number {
  const ok = steps.filter((s) => s.result === 1).length
  if (ok === steps.length) return SCENE_RESULT.succeeded
  return ok === 0 ? SCENE_RESULT.failed : SCENE_RESULT.partial
}

export async function runScene(
  ctx: ModuleContext,
  run: { who: Who; sceneId: string; source: 'WEB' | 'LINKAGE'; runner: StepRunner },
): Promise<SceneRun> {
  const { who, sceneId } = run
  const db = ctx.database.db
  const held = await lock(ctx, who.tenantId, sceneId)
  const started = Date.now()
  try {
    const steps = await db
      .select({ machineId: sceneStep.machineId, control: sceneStep.control, delay: sceneStep.delaySeconds })
      .from(sceneStep)
      .where(
        and(eq(sceneStep.tenantId, who.tenantId), eq(sceneStep.sceneId, sceneId), eq(sceneStep.isDeleted, 0)),
      )
      .orderBy(asc(sceneStep.sort), asc(sceneStep.id))
    const named = await labels(ctx, who.tenantId, [...new Set(steps.map((s) => s.machineId))])
    const logged: LoggedStep[] = []
    for (const step of steps) {
      if (step.delay > 0) await sleep(step.delay * 1000)
      const base = {
        machineId: step.machineId,
        machineName: named.machine.get(step.machineId) ?? step.machineId,
        control: step.control,
        controlName: named.control.get(step.control) ?? step.control,
      }
      try {
        const ran = await run.runner(step, SCENE_LIMITS.ackMs)
        logged.push({
          ...base,
          result: ran.result,
          resultName: ran.resultName,
          reason: ran.reason,
          elapsedMs: ran.elapsedMs,
        })
      } catch (error) {
        // refused before anything was sent (设备离线, 该设备不支持此操作, 设备网关未连接, no permission):
        // the step failed, the run goes on
        if (!(error instanceof AppError)) throw error
        logged.push({ ...base, result: 0, resultName: '未执行', reason: error.message, elapsedMs: 0 })
      }
    }
    const result = verdict(logged)
    const content = logged
      .map((s) => `${s.machineName} ${s.controlName}: ${s.resultName}${s.reason ? ` (${s.reason})` : ''}`)
      .join('; ')
    const row = stamped(sceneLog, who, {
      sceneId,
      sceneName: held.name,
      result,
      content: content.length > 1000 ? `${content.slice(0, 999)}…` : content,
      source: run.source,
      steps: logged,
      elapsedMs: Date.now() - started,
    })
    await db.insert(sceneLog).values(row as typeof sceneLog.$inferInsert)
    return { logId: String(row.id), result, resultName: SCENE_RESULT_NAMES[result] ?? '', steps: logged }
  } finally {
    // only our own lock: a stale one taken over by another run stays that run's
    await db
      .update(scene)
      .set({ runningSince: null })
      .where(and(eq(scene.id, sceneId), eq(scene.runningSince, held.since)))
  }
}
