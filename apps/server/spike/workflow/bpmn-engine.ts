/**
 * Spike, candidate 1: bpmn-engine 25 runs the process; its state (getState JSON) lives in a
 * PostgreSQL row, and the to-do list is mirrored in a task table (it needs indexed queries).
 * Every operation of issue 31 is tried; each line says whether the engine does it, or our tables must.
 * Run: see README.md.
 */
import { fork } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { Engine } from 'bpmn-engine'
import pg from 'pg'
import { privatePostgres, record, results } from './pg.js'

const SOURCE = readFileSync(new URL('./approval.bpmn', import.meta.url), 'utf8')
type Client = pg.Client | pg.PoolClient

async function schema(db: Client) {
  await db.query(`create table if not exists be_instance (id text primary key, state jsonb not null,
    status text not null default 'running', version int not null default 0)`)
  await db.query(`create table if not exists be_task (id text primary key, instance_id text not null,
    node text not null, assignee text, owner text, candidates text, status text not null default 'open')`)
}

/** Recover the engine from its row and resume it; `waits` collects every activity that now waits. */
async function load(state: unknown, variables: Record<string, unknown> = {}) {
  const waits: { id: string; executionId: string }[] = []
  const listener = new EventEmitter()
  listener.on('activity.wait', (api: { id: string; executionId: string }) =>
    waits.push({ id: api.id, executionId: api.executionId }),
  )
  const engine = new Engine({ name: 'leave', source: SOURCE }).recover(state as never)
  const execution = await engine.resume({ listener, variables })
  return { engine, execution, waits }
}

/** Insert a task row for every new wait (resume re-emits the old ones). */
async function mirror(
  db: Client,
  instanceId: string,
  waits: { id: string; executionId: string }[],
  assignees: Record<string, string[]>,
) {
  for (const w of waits) {
    const i = Number(w.executionId.split('_').at(-1))
    const assignee = (assignees[w.id] ?? [])[Number.isNaN(i) ? 0 : i] ?? null
    await db.query(
      `insert into be_task (id, instance_id, node, assignee) values ($1, $2, $3, $4) on conflict do nothing`,
      [w.executionId, instanceId, w.id, assignee],
    )
  }
}

const ASSIGNEES = { manager: ['m'], review: ['r1', 'r2', 'r3'], director: ['d'] }

async function start(db: Client, instanceId: string, variables: Record<string, unknown>) {
  const waits: { id: string; executionId: string }[] = []
  const listener = new EventEmitter()
  listener.on('activity.wait', (api: { id: string; executionId: string }) =>
    waits.push({ id: api.id, executionId: api.executionId }),
  )
  const engine = new Engine({ name: 'leave', source: SOURCE, variables })
  await engine.execute({ listener })
  await db.query('begin')
  await db.query('insert into be_instance (id, state) values ($1, $2)', [instanceId, await engine.getState()])
  await mirror(db, instanceId, waits, ASSIGNEES)
  await db.query('commit')
  await engine.stop()
}

/** Complete one task: lock the instance row, close the task by a conditional update, signal the engine, save. */
async function complete(db: Client, taskId: string, user: string, pauseMs = 0) {
  await db.query('begin')
  try {
    const task = (await db.query('select * from be_task where id = $1', [taskId])).rows[0]
    const inst = (await db.query('select * from be_instance where id = $1 for update', [task.instance_id]))
      .rows[0]
    if (inst.status === 'suspended') throw new Error('流程已挂起')
    if (task.assignee !== user) throw new Error('不是当前处理人')
    const closed = await db.query(`update be_task set status = 'done' where id = $1 and status = 'open'`, [
      taskId,
    ])
    if (closed.rowCount !== 1) throw new Error('任务已被处理')
    const { engine, execution, waits } = await load(inst.state)
    const before = waits.length
    execution.signal({ id: task.node, executionId: taskId })
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs))
    await mirror(db, task.instance_id, waits.slice(before), ASSIGNEES)
    const state = await engine.getState()
    const done = execution.completed || (engine as unknown as { state: string }).state === 'idle'
    await db.query('update be_instance set state = $2, version = version + 1, status = $3 where id = $1', [
      task.instance_id,
      state,
      done && execution.getPostponed().length === 0 ? 'done' : 'running',
    ])
    await db.query('commit')
    // stop() of an execution that has completed (or discarded everything) never resolves
    if (!done) await engine.stop()
    return waits.slice(before).map((w) => w.id)
  } catch (e) {
    await db.query('rollback')
    throw e
  }
}

const open = async (db: Client, instanceId: string) =>
  (
    await db.query(
      `select id, node, assignee from be_task where instance_id = $1 and status = 'open' order by id`,
      [instanceId],
    )
  ).rows

async function main() {
  if (process.argv[2] === 'child') return child()
  const server = await privatePostgres()
  const pool = new pg.Pool({ connectionString: server.url, max: 6 })
  const db = await pool.connect()
  try {
    await schema(db)
    // 1. start + complete manager + MI review; the exclusive gateway's condition
    await start(db, 'i1', { reviewerCount: 3, long: true })
    let tasks = await open(db, 'i1')
    record(
      'start',
      tasks.length === 1 && tasks[0].node === 'manager' ? 'pass' : 'fail',
      `open: ${tasks.map((t) => t.node)}`,
    )
    await complete(db, tasks[0].id, 'm')
    tasks = await open(db, 'i1')
    record(
      'complete → parallel multi-instance',
      tasks.length === 3 ? 'pass' : 'fail',
      `open: ${tasks.map((t) => `${t.node}:${t.assignee}`)}`,
    )

    // 2. race: two completers of one multi-instance task, each on its own connection
    const [a, b] = [await pool.connect(), await pool.connect()]
    const raced = await Promise.allSettled([
      complete(a, tasks[0].id, 'r1', 200),
      complete(b, tasks[0].id, 'r1', 200),
    ])
    a.release()
    b.release()
    const won = raced.filter((r) => r.status === 'fulfilled').length
    const lost = raced.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined
    record(
      'race (PostgreSQL)',
      won === 1 ? 'pass' : 'fail',
      `${won} won, other: ${lost?.reason?.message} — only because OUR row lock (select … for update) serialises the JSON state; the engine has no concurrency control, two writers of the blob lose an update`,
    )

    // 3. add multi-instance: raise the cardinality while the step runs
    {
      const inst = (await db.query(`select state from be_instance where id = 'i1'`)).rows[0]
      const { engine, execution, waits } = await load(inst.state, { reviewerCount: 4 })
      const reviews = execution.getPostponed().filter((p) => p.id === 'review')
      record(
        'add multi-instance',
        'fail',
        `no API; cardinality is read once on enter (iterations still waiting after changing it: ${waits.filter((w) => w.id === 'review').length}, ${reviews.length} postponed MI body) — ours: a task row + a counter the engine does not know`,
      )
      await engine.stop()
    }
    // 4. delete multi-instance: discard one iteration
    {
      const inst = (await db.query(`select state from be_instance where id = 'i1'`)).rows[0]
      const { engine, execution } = await load(inst.state)
      let error = ''
      try {
        execution.cancelActivity({ id: 'review', executionId: tasks[2].id })
      } catch (e) {
        error = (e as Error).message
      }
      const left = execution.getPostponed().map((p) => `${p.id}`)
      record(
        'delete multi-instance',
        'fail',
        `cancelActivity on an iteration ${error ? `throws ${error}` : 'is accepted'}; postponed after: ${left}; a completion condition (all/any/ratio over OUR votes) is not expressible against a changed count — ours`,
      )
      await engine.stop()
    }
    // 5. claim / transfer / delegate / proxy / suspend: the engine has no assignee or suspension at all
    record('claim', 'ours', 'no assignee or candidates in bpmn-engine: a conditional update on our task row')
    record(
      'transfer / delegate',
      'ours',
      'assignee/owner columns on our task row; the engine is not involved',
    )
    record('proxy', 'ours', 'who may act for whom is ours; the engine never sees users')
    record(
      'suspend',
      'ours',
      'an instance status column checked by every operation; engine.stop() only stops the in-memory run',
    )

    // 6. rollback to manager from review (a passed node): is there a "go to node"?
    {
      const inst = (await db.query(`select state from be_instance where id = 'i1'`)).rows[0]
      const { engine, execution } = await load(inst.state)
      const definition = execution.definitions[0]!
      const managerActivity = definition.getActivityById('manager') as unknown as { run?: () => void } | null
      let note = ''
      try {
        managerActivity?.run?.()
        note = `activity.run() outside the flow: postponed now ${execution.getPostponed().map((p) => p.id)}; the review iterations stay alive, so rollback would also need cancelling them and the state no longer matches a path`
      } catch (e) {
        note = `activity.run() throws ${(e as Error).message}`
      }
      record(
        'rollback',
        'fail',
        `no API (BPMN has no "go back"). ${note}. Restoring an older getState() snapshot works only when nothing else moved (it undoes parallel branches' work) — ours`,
      )
      await engine.stop()
    }
    record(
      'withdraw',
      'fail',
      'no API; same as rollback: only a snapshot restore, valid while the next tasks are untouched (which our task rows must tell anyway)',
    )

    // 7. terminate: stop the execution for good
    await start(db, 'i2', { reviewerCount: 2, long: false })
    {
      const inst = (await db.query(`select state from be_instance where id = 'i2'`)).rows[0]
      const { execution } = await load(inst.state)
      for (const p of execution.getPostponed()) p.discard()
      const after = execution.getPostponed().map((p) => p.id)
      record(
        'terminate',
        after.length === 0 ? 'pass' : 'fail',
        `discard() of every postponed activity ends the run (${execution.completed ? 'completed' : 'not completed'}); closing the task rows and the reason are ours`,
      )
      // engine.stop() after discarding everything never resolves: leave it
    }

    // 8. killed between steps: a child process starts i3, completes the manager, then is killed (SIGKILL)
    //    once after a commit and once in the middle of a step (transaction open)
    await runChild(server.url, 'i3', 'after-commit')
    tasks = await open(db, 'i3')
    record(
      'killed after a commit',
      tasks.length === 2 ? 'pass' : 'fail',
      `recovered; open: ${tasks.map((t) => t.node)}`,
    )
    await runChild(server.url, 'i3', 'mid-step')
    tasks = await open(db, 'i3')
    record(
      'killed mid-step',
      tasks.length === 2 ? 'pass' : 'fail',
      `the open transaction was rolled back; open: ${tasks.map((t) => t.node)}`,
    )
    for (const t of tasks) await complete(db, t.id, t.assignee)
    tasks = await open(db, 'i3')
    const status = (await db.query(`select status from be_instance where id = 'i3'`)).rows[0].status
    record(
      'resume to the end after kills',
      tasks.length === 0 && status === 'done' ? 'pass' : 'fail',
      `status ${status}`,
    )

    // 9. the conditions: ${environment.variables.long} is a property read; a comparison (days > 3) needs a
    //    script (JavaScript in a vm) or a custom `expressions` handler
    record(
      'conditions',
      'ours',
      'bpmn-engine expressions read properties only; `days > 3` needs a script (JS) or a pluggable expressions handler: filtrex would be plugged in either way',
    )

    const size = JSON.stringify(
      (await db.query(`select state from be_instance where id = 'i1'`)).rows[0].state,
    ).length
    record('state size', 'pass', `${size} bytes of JSON per instance (rewritten whole at every step)`)
  } finally {
    db.release()
    await pool.end()
    await server.stop()
  }
  console.log(JSON.stringify(results))
}

function runChild(url: string, instanceId: string, when: 'after-commit' | 'mid-step') {
  return new Promise<void>((resolve) => {
    const child = fork(new URL(import.meta.url).pathname, ['child', url, instanceId, when], {
      execArgv: process.execArgv,
    })
    child.on('error', (e) => console.error('fork error', e))
    child.on('message', (m) => {
      console.error('message', m)
      if (m === 'kill-me') child.kill('SIGKILL')
    })
    child.on('exit', () => resolve())
  })
}

async function child() {
  const [, , , url, instanceId, when] = process.argv
  console.error('child', instanceId, when)
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  if (when === 'after-commit') {
    await start(db, instanceId!, { reviewerCount: 2, long: false })
    const [manager] = await open(db, instanceId!)
    await complete(db, manager.id, 'm')
    process.send!('kill-me')
  } else {
    const [first] = await open(db, instanceId!)
    setTimeout(() => process.send!('kill-me'), 300)
    await complete(db, first.id, first.assignee, 5_000) // killed while its transaction is open
  }
  await new Promise((r) => setTimeout(r, 10_000))
}

await main()
