import { readFileSync } from 'node:fs'
import { Engine } from 'bpmn-engine'

const source = readFileSync(new URL('./approval.bpmn', import.meta.url), 'utf8')
const engine = new Engine({ name: 'x', source, variables: { reviewerCount: 3, long: true } })
const waits = []
const listener = new (await import('node:events')).EventEmitter()
listener.on('activity.wait', (api) => waits.push(`${api.id}/${api.executionId}`))
const execution = await engine.execute({ listener })
console.log('waits', waits)
const p = execution.getPostponed()
console.log(p.map((a) => [a.id, a.type, a.executionId]))
execution.signal({ id: 'manager' })
console.log(
  'after mgr',
  execution.getPostponed().map((a) => [a.id, a.executionId, a.owner?.id]),
)
console.log('waits', waits)
const st = await engine.getState()
console.log('state bytes', JSON.stringify(st).length)
