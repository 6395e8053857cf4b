// Bench section 14 (issue 31): the workflow engine at scale. One built server on PostgreSQL;
// 10,000 running instances of the demo's leave process and 50,000 open tasks put in by bulk SQL (the
// engine's own rows, as its start writes them), 1,000 of the tasks the park admin's. Measured: the
// admin's 待办 (`todoList`) p95; 20 approvers completing at once over HTTP, every task asked twice
// (completions a second, p95, and zero double completions counted in the history); the detail of an
// instance on a 200-node diagram. Budgets: 待办 p95 < 100 ms, detail < 500 ms. Run:
// `node bench/workflow.mjs` after `npm run build`. See bench/README.md.
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { makeTarget } from './lib/bench-database.mjs'
import { writeSectionResults } from './lib/budgets.mjs'
import { percentile } from './lib/device-load.mjs'
import { runAsScript } from './lib/run.mjs'
import { apiCall, freePort, signIn, startServer, stopServer } from './lib/xpark-server.mjs'

const TENANT = '100001'
const INSTANCES = Number(process.env.XPARK_BENCH_WF_INSTANCES ?? 10_000)
const TASKS = Number(process.env.XPARK_BENCH_WF_TASKS ?? 50_000)
const MINE = Number(process.env.XPARK_BENCH_WF_MINE ?? 1_000)
const APPROVERS = 20
const RACED = Number(process.env.XPARK_BENCH_WF_RACED ?? 200)
const NODES = 200
const ID_BASE = 9170000000000000000n
const line = (text = '') => console.log(`   ${text}`)
const round = (n, d = 1) => (n === null || n === undefined || Number.isNaN(n) ? null : Number(n.toFixed(d)))

export const WORKFLOW_BUDGETS = [
  {
    name: `a user's 待办 with ${MINE.toLocaleString('en-US')} tasks, p95`,
    read: (r) => r.todo?.p95,
    max: 100,
    show: (v) => `${v} ms`,
  },
  {
    name: `${APPROVERS} approvers at once: double completions`,
    read: (r) => r.race?.doubleCompletions,
    max: 0,
    show: (v) => String(v),
  },
  {
    name: `a ${NODES}-node diagram's detail, p95`,
    read: (r) => r.detail?.p95,
    max: 500,
    show: (v) => `${v} ms`,
  },
]

/**
 * Running instances on the demo's `park_leave` definition, each waiting at 经理审批 (`manager`) with
 * one open task; `MINE` of the tasks are the admin's, the rest another user's. Tasks beyond one per
 * instance are more open tasks of the same instances (a busy park's backlog).
 */
async function seed(raw, adminId) {
  const [definition] = await raw.query(
    `select id, process_definition_id, key, name from xpark_wf_definition
        where tenant_id = $1 and key = 'park_leave' and is_deleted = 0 order by version desc limit 1`,
    [TENANT],
  )
  if (!definition) throw new Error('the demo park has no park_leave definition')
  const started = performance.now()
  await raw.query(
    `insert into xpark_wf_instance (id, tenant_id, definition_id, process_definition_id,
       process_definition_key, name, business_key, initiator, variables, status, start_time)
     select $1::bigint + n, $2, $3, $4, $5, $6, 'bench-' || n, $7::bigint,
       jsonb_build_object('days', 1 + n % 5, 'reason', 'bench', 'initiator', $7::bigint::text), 1,
       now() - (n || ' seconds')::interval
     from generate_series(1, $8::int) as n`,
    [
      String(ID_BASE),
      TENANT,
      definition.id,
      definition.process_definition_id,
      definition.key,
      definition.name,
      adminId,
      INSTANCES,
    ],
  )
  await raw.query(
    `insert into xpark_wf_task (id, tenant_id, instance_id, process_definition_id, task_definition_key,
       name, assignee, status, create_time)
     select $1::bigint + n, $2, $3::bigint + 1 + (n - 1) % $4::int, $5, 'manager', '经理审批',
       case when n <= $6::int then $7::bigint else $7::bigint + 1 end, 0, now() - (n || ' seconds')::interval
     from generate_series(1, $8::int) as n`,
    [
      String(ID_BASE + 100_000_000n),
      TENANT,
      String(ID_BASE),
      INSTANCES,
      definition.process_definition_id,
      MINE,
      adminId,
      TASKS,
    ],
  )
  await raw.query('analyze xpark_wf_instance')
  await raw.query('analyze xpark_wf_task')
  line(
    `inserted ${INSTANCES.toLocaleString('en-US')} running instances and ${TASKS.toLocaleString('en-US')} open tasks ` +
      `(${MINE.toLocaleString('en-US')} the admin's) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  return definition
}

/** A chain of `NODES` nodes: start, user tasks, end (what a big approval looks like to the detail). */
function bigDiagram(key, adminId) {
  const tasks = NODES - 2
  const nodes = ['<startEvent id="s" />']
  const flows = []
  for (let i = 1; i <= tasks; i++)
    nodes.push(`<userTask id="t${i}" name="审批 ${i}" xpark:assignee="user:${adminId}" />`)
  nodes.push('<endEvent id="e" />')
  const ids = ['s', ...Array.from({ length: tasks }, (_, i) => `t${i + 1}`), 'e']
  for (let i = 0; i < ids.length - 1; i++)
    flows.push(`<sequenceFlow id="f${i}" sourceRef="${ids[i]}" targetRef="${ids[i + 1]}" />`)
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xpark="http://xpark.dev/schema/bpmn"
  id="big" targetNamespace="http://xpark.dev/bench"><process id="${key}" name="200 节点" isExecutable="true">
  ${nodes.join('\n  ')}
  ${flows.join('\n  ')}
</process></definitions>`
}

/** Times `runs` GETs one at a time after 3 warm-ups: median and p95 in ms. */
async function timeGet(node, token, path, runs) {
  const samples = []
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now()
    await apiCall(node.baseUrl, token, path)
    if (i >= 3) samples.push(performance.now() - t0)
  }
  return { ms: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) }
}

runAsScript(import.meta.url, 'workflow', 20, async (onChild) => {
  console.log('\n== The workflow engine at scale (issue 31, bench section 14)')
  line(`load average at the start ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`)
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres'
  const target = await makeTarget('postgres', 'xpark_bench_workflow')
  line(`one server on PostgreSQL, database ${new URL(target.url).pathname.slice(1)} (dropped at the end)`)
  let node
  let raw
  try {
    node = await startServer({
      port: await freePort(),
      dataDir: target.dataDir,
      timeoutMs: 180_000,
      env: {
        ...target.env,
        XPARK_JWT_SECRET: randomUUID() + randomUUID(),
        XPARK_DEVICE_SIMULATOR: 'off',
        XPARK_INTERCOM_SIMULATOR: 'off',
      },
    })
    onChild(node.child)
    raw = await target.openRaw()
    const token = await signIn(node.baseUrl, { tenantId: TENANT, username: 'admin' })
    const [{ id: adminId }] = await raw.query(
      `select id::text from blade_user where tenant_id = $1 and account = 'admin'`,
      [TENANT],
    )
    const results = {
      at: new Date().toISOString(),
      loadAverage: os.loadavg(),
      instances: INSTANCES,
      tasks: TASKS,
    }
    await seed(raw, adminId)

    console.log(
      `\n-- 1. the admin's 待办 (${MINE.toLocaleString('en-US')} tasks of ${TASKS.toLocaleString('en-US')}), 20 reads`,
    )
    results.todo = await timeGet(node, token, 'blade-workflow/process/todoList?current=1&size=10', 20)
    const deep = await timeGet(
      node,
      token,
      `blade-workflow/process/todoList?current=${Math.floor(MINE / 10)}&size=10`,
      10,
    )
    results.todoLastPage = deep
    line(
      `first page ${results.todo.ms} ms (p95 ${results.todo.p95}); last page ${deep.ms} ms (p95 ${deep.p95})`,
    )

    console.log(`\n-- 2. ${APPROVERS} approvers at once on ${RACED} tasks, each task asked twice`)
    const todo = await apiCall(node.baseUrl, token, `blade-workflow/process/todoList?current=1&size=${RACED}`)
    const taskIds = todo.records.map((r) => r.taskId ?? r.id)
    const asks = [...taskIds, ...taskIds].sort(() => Math.random() - 0.5)
    const samples = []
    let won = 0
    let refused = 0
    const startedRace = performance.now()
    await Promise.all(
      Array.from({ length: APPROVERS }, async () => {
        for (let taskId = asks.pop(); taskId !== undefined; taskId = asks.pop()) {
          const t0 = performance.now()
          try {
            await apiCall(node.baseUrl, token, 'blade-workflow/process/completeTask', {
              taskId,
              pass: true,
              comment: 'bench',
            })
            won++
          } catch (e) {
            if (!String(e.message).includes('409')) throw e
            refused++
          }
          samples.push(performance.now() - t0)
        }
      }),
    )
    const seconds = (performance.now() - startedRace) / 1000
    const [{ doubles }] = await raw.query(
      `select count(*)::int as doubles from (select task_id from xpark_wf_history
          where task_id = any($1::bigint[]) and action in ('complete', 'reject') group by task_id having count(*) > 1) d`,
      [taskIds],
    )
    results.race = {
      tasks: taskIds.length,
      completed: won,
      refused,
      completionsPerSecond: round(won / seconds),
      p95: round(percentile(samples, 95)),
      doubleCompletions: doubles,
    }
    line(
      `${won} completed, ${refused} refused (409 任务已被处理) in ${seconds.toFixed(1)} s: ` +
        `${results.race.completionsPerSecond}/s, p95 ${results.race.p95} ms; double completions ${doubles}`,
    )

    console.log(`\n-- 3. the detail of an instance on a ${NODES}-node diagram, 10 reads`)
    const key = 'bench_big'
    const model = await apiCall(node.baseUrl, token, 'blade-workflow/design/model/submit', {
      modelKey: key,
      name: '200 节点',
      xml: bigDiagram(key, adminId),
    })
    const modelId =
      model?.id ?? (await raw.query(`select id::text from xpark_wf_model where model_key = $1`, [key]))[0].id
    await apiCall(node.baseUrl, token, 'blade-workflow/design/model/deploy', { modelId })
    const { processInstanceId } = await apiCall(node.baseUrl, token, 'blade-workflow/process/startProcess', {
      processDefKey: key,
      variables: {},
    })
    results.detail = await timeGet(
      node,
      token,
      `blade-workflow/process/detail?processInstanceId=${processInstanceId}`,
      10,
    )
    line(`detail ${results.detail.ms} ms (p95 ${results.detail.p95})`)
    writeSectionResults('workflow', results, WORKFLOW_BUDGETS, { issue: 31, line })
  } finally {
    await raw?.close()
    if (node) await stopServer(node.child)
    await target.drop()
  }
})
