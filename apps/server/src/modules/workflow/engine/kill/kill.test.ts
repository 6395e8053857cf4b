import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../db/client.js'
import type { Database } from '../../../../db/types.js'
import { PrivatePostgres, postgresBinaries } from '../../../../test/services.js'
import { INSTANCE, TASK, workflowHistory, workflowInstance, workflowTask } from '../../schema.js'
import { WorkflowEngine } from '../operations.js'

/**
 * An instance survives its server killed (issue 31): child processes run the engine on a private
 * PostgreSQL cluster and are killed with SIGKILL once after a commit and once in the middle of a step
 * (its transaction open, the instance row locked); a new process then takes the instance to its end.
 * The engine keeps no state beside the rows a committed transaction wrote, so nothing is lost and
 * nothing half-done stays.
 */
const TENANT = '100001'
const bin = postgresBinaries()
if (!bin)
  console.info('workflow: the kill test is skipped (no PostgreSQL server binaries under /usr/lib/postgresql)')

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xpark="http://xpark.dev/schema/bpmn"
             id="d" targetNamespace="http://xpark/test">
  <process id="kill_test" name="杀进程" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="a" />
    <userTask id="a" name="经理审批" xpark:assignee="user:1" />
    <sequenceFlow id="f2" sourceRef="a" targetRef="b" />
    <userTask id="b" name="会签" xpark:assignee="user:2,user:3">
      <multiInstanceLoopCharacteristics isSequential="false" />
    </userTask>
    <sequenceFlow id="f3" sourceRef="b" targetRef="c" />
    <userTask id="c" name="总监审批" xpark:assignee="user:4" />
    <sequenceFlow id="f4" sourceRef="c" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`

interface Outcome {
  messages: Record<string, unknown>[]
  exit: number | string | null
  output: string
}

/** Run the child in `mode`; kill it (SIGKILL) on the first message `killOn` accepts. */
function runChild(
  url: string,
  mode: string,
  instanceId: string,
  killOn?: (m: Record<string, unknown>) => boolean,
) {
  return new Promise<Outcome>((resolve) => {
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'child.ts'), url, mode, TENANT, instanceId],
      { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
    )
    const messages: Record<string, unknown>[] = []
    let output = ''
    child.stdout!.on('data', (c: Buffer) => (output += c))
    child.stderr!.on('data', (c: Buffer) => (output += c))
    child.on('message', (m) => {
      messages.push(m as Record<string, unknown>)
      if (killOn?.(m as Record<string, unknown>)) child.kill('SIGKILL')
    })
    child.on('exit', (code, signal) => resolve({ messages, exit: code ?? signal, output }))
  })
}

describe.skipIf(!bin)(
  'workflow: an instance survives its server killed with SIGKILL',
  { timeout: 180_000 },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'xpark-wf-kill-'))
    let postgres: PrivatePostgres
    let database: Database
    let url: string

    beforeAll(async () => {
      postgres = await PrivatePostgres.create(bin!, dir)
      await postgres.query('postgres', 'create database wfkill')
      url = postgres.url('wfkill')
      database = await openDatabase({ url })
      await database.migrate()
      await new WorkflowEngine(database.db).deploy(TENANT, { xml: XML })
    }, 120_000)
    afterAll(async () => {
      await database?.close()
      await postgres?.destroy()
      rmSync(dir, { recursive: true, force: true })
    })

    const open = async (instanceId: string) =>
      (
        await database.db
          .select()
          .from(workflowTask)
          .where(and(eq(workflowTask.instanceId, instanceId), eq(workflowTask.status, TASK.open)))
          .orderBy(asc(workflowTask.id))
      ).map((t) => `${t.taskDefinitionKey}:${t.assignee}`)
    const history = async (instanceId: string) =>
      (
        await database.db
          .select()
          .from(workflowHistory)
          .where(eq(workflowHistory.instanceId, instanceId))
          .orderBy(asc(workflowHistory.time), asc(workflowHistory.id))
      ).map((h) => `${h.action}@${h.nodeId}`)

    it('killed after a commit and in the middle of a step; a new process finishes the instance', async () => {
      // 1. started, committed, killed: the instance is there with its first task
      const started = await runChild(url, 'start', '', (m) => Boolean(m.instanceId))
      expect(started.exit, started.output).toBe('SIGKILL')
      const instanceId = String(started.messages[0]!.instanceId)
      expect(await open(instanceId)).toEqual(['a:1'])
      expect(await history(instanceId)).toEqual(['start@start'])

      // 2. killed inside the completion of `a` (its row already updated, the instance locked): rolled back
      const held = await runChild(url, 'mid-step', instanceId, (m) => m.inside === true)
      expect(held.exit, held.output).toBe('SIGKILL')
      expect(held.messages).toEqual([{ inside: true }])
      expect(await open(instanceId)).toEqual(['a:1'])
      expect(await history(instanceId)).toEqual(['start@start'])

      // 3. a new process takes it to its end (the killed one's lock is gone with its connection)
      const finished = await runChild(url, 'finish', instanceId)
      expect(finished.exit, finished.output).toBe(0)
      expect(finished.messages).toEqual([{ finished: true }])
      expect(await open(instanceId)).toEqual([])
      expect(await history(instanceId)).toEqual([
        'start@start',
        'complete@a',
        'complete@b',
        'complete@b',
        'complete@c',
        'end@end',
      ])
      const [row] = await database.db
        .select()
        .from(workflowInstance)
        .where(eq(workflowInstance.id, instanceId))
      expect(row!.status).toBe(INSTANCE.completed)
    })
  },
)
