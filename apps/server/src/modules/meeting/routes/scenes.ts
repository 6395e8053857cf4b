import { machineCommands } from '@xpark/contract/modules/device'
import {
  controlMeetingMachineCall,
  execSceneCall,
  meetingMachineControlsCall,
  SCENE_TEXTS,
  sceneMachineTreeCall,
} from '@xpark/contract/modules/meeting'
import { and, eq, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import { badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { controlMachine, machineInScope, machines, parkMachine } from '../../device/index.js'
import { dict } from '../../dict/index.js'
import { bindLinkage } from '../linkage.js'
import { runScene } from '../scene-run.js'
import { meetingMachines, scenes } from '../scenes.js'
import { meetingMachine, scene } from '../schema.js'

/** The meeting machines' controls (the device module's command path, source WEB) and `scene/exec`. */
export function registerSceneRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }
  bindLinkage(ctx, api.log)

  /** The machine must serve a room the caller sees. */
  const assertMeetingMachine = async (request: Parameters<typeof authOf>[0], machineId: string) => {
    const [link] = await db
      .select({ id: meetingMachine.id })
      .from(meetingMachine)
      .where(await whereOf(meetingMachines, authOf(request), eq(meetingMachine.machineId, machineId)))
      .limit(1)
    if (!link) throw badRequest(SCENE_TEXTS.notMeetingMachine)
  }

  handle(
    api,
    meetingMachineControlsCall,
    async ({ machineId }, request) => {
      await assertMeetingMachine(request, machineId)
      const machine = await machineInScope(ctx, authOf(request), machineId)
      const labels = await db
        .select({ key: dict.dictKey, value: dict.dictValue })
        .from(dict)
        .where(and(eq(dict.code, 'machine_control_type'), eq(dict.isDeleted, 0), sql`${dict.parentId} <> 0`))
      const named = new Map(labels.map((l) => [l.key, l.value]))
      return machineCommands
        .controlsOf(machine.type)
        .map((key) => ({ dictKey: key, dictValue: named.get(key) ?? key }))
    },
    guard,
  )

  handle(
    api,
    controlMeetingMachineCall,
    async ({ machineId, control }, request) => {
      await assertMeetingMachine(request, machineId)
      return controlMachine(request.server, ctx, authOf(request), { machineId, control, source: 'WEB' })
    },
    guard,
  )

  handle(
    api,
    sceneMachineTreeCall,
    async (_, request) => {
      const rows = await db
        .select({ id: parkMachine.id, name: parkMachine.name, code: parkMachine.code })
        .from(parkMachine)
        .where(await whereOf(machines, authOf(request)))
        .orderBy(parkMachine.code)
      return rows.map((m) => ({
        id: m.id,
        parentId: '0',
        title: `${m.name} (${m.code})`,
        key: m.id,
        value: m.id,
        hasChildren: false,
      }))
    },
    guard,
  )

  // answers when the run is done: its steps are bounded to stay under a minute (SCENE_LIMITS)
  handle(
    api,
    execSceneCall,
    async ({ id }, request) => {
      const auth = authOf(request)
      const [found] = await db
        .select({ id: scene.id })
        .from(scene)
        .where(await whereOf(scenes, auth, eq(scene.id, id)))
      if (!found) throw notFound('场景不存在')
      return runScene(ctx, {
        who: auth,
        sceneId: id,
        source: 'WEB',
        runner: (step, timeoutMs) =>
          controlMachine(request.server, ctx, auth, { ...step, source: 'SCENE', timeoutMs }),
      })
    },
    guard,
  )
}
