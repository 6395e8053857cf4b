import { CONNECTION_TEXTS } from '@xpark/contract/modules/workflow-moddle'
import { BpmnModdle } from 'bpmn-moddle'
import { badRequest } from '../../../core/errors.js'
import { parseButtons } from './buttons.js'
import { compileCondition } from './conditions.js'
import { parseDuration } from './duration.js'
import { type FieldRights, parseFieldRights } from './field-rights.js'
import { xparkModdle } from './xpark-moddle.js'

/**
 * A deployed process as the engine walks it: parsed from BPMN 2.0 XML by bpmn-moddle (the model
 * bpmn-js writes), checked, and stored as JSON with the definition. Only the subset below runs; any
 * other node refuses the deployment by name (`不支持的节点: <id> (<type>)`).
 */
export type NodeType = 'start' | 'end' | 'userTask' | 'exclusive' | 'parallel' | 'timer'

export interface GraphNode {
  id: string
  type: NodeType
  name: string
  incoming: string[]
  outgoing: string[]
  /** end event with a terminate definition: ends every branch */
  terminate?: boolean
  /** user task: `xpark:assignee` */
  assignee?: string
  /** user task: `xpark:buttons`, the operations it offers (all when absent; engine/buttons.ts) */
  buttons?: string[]
  /** user task: `xpark:fields`, the form's field rights at this node (all writable when absent) */
  fields?: FieldRights
  /** user task with multi-instance loop characteristics */
  multi?: { sequential: boolean; completion: string }
  /** exclusive gateway: the flow taken when no condition holds */
  defaultFlow?: string
  /** user task: the ids of its timer boundary events */
  timers?: string[]
  /** timer boundary event: the user task it is attached to, its ISO 8601 duration, whether it interrupts */
  timer?: { attachedTo: string; duration: string; interrupting: boolean }
}

export interface GraphFlow {
  id: string
  source: string
  target: string
  condition?: string
}

export interface Graph {
  key: string
  name: string
  start: string
  nodes: Record<string, GraphNode>
  flows: Record<string, GraphFlow>
}

const SUPPORTED: Record<string, NodeType> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
}

/** The editor's three connection refusals (spec 02 §2), checked again on the server. */
export const CONNECTION = CONNECTION_TEXTS

// bpmn-moddle's elements, as far as the engine reads them
interface Element {
  $type: string
  id: string
  name?: string
  get(name: string): unknown
  flowElements?: Element[]
  rootElements?: Element[]
  eventDefinitions?: Element[]
  loopCharacteristics?: Element & { isSequential?: boolean }
  sourceRef?: Element
  targetRef?: Element
  conditionExpression?: { body?: string }
  default?: Element
  attachedToRef?: Element
  cancelActivity?: boolean
  timeDuration?: { body?: string }
  timeDate?: unknown
  timeCycle?: unknown
}

const moddle = new BpmnModdle({ xpark: xparkModdle })

/** Parse and check a BPMN document; every refusal is a 400 naming what is wrong. */
export async function parseProcess(xml: string): Promise<Graph> {
  let definitions: Element
  try {
    definitions = (await moddle.fromXML(xml)).rootElement as unknown as Element
  } catch (e) {
    throw badRequest(`流程图无法解析: ${(e as Error).message.split('\n')[0]}`)
  }
  const processes = (definitions.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process')
  if (processes.length !== 1) throw badRequest('流程图必须有且只有一个流程')
  const process = processes[0]!
  if (!process.id || !/^[A-Za-z_][\w.-]{0,63}$/.test(process.id)) throw badRequest('流程标识无效')
  const nodes: Record<string, GraphNode> = {}
  const flows: Record<string, GraphFlow> = {}
  const elements = process.flowElements ?? []
  // nodes the designer deleted but kept (`xpark:hidden`) for the instances on older versions, whose
  // definitions still hold them: a new deployment leaves them and their flows out
  const hidden = new Set(elements.filter((e) => e.get('xpark:hidden') === true).map((e) => e.id))
  for (const element of elements) {
    if (element.$type === 'bpmn:SequenceFlow' || hidden.has(element.id)) continue
    if (element.$type === 'bpmn:BoundaryEvent') {
      // a timer on a hidden task goes with it
      if (hidden.has(element.attachedToRef?.id ?? '')) {
        hidden.add(element.id)
        continue
      }
      const timer = parseTimerBoundary(element)
      nodes[timer.id] = timer
      continue
    }
    const type = SUPPORTED[element.$type]
    const definitions = element.eventDefinitions ?? []
    const terminate = type === 'end' && definitions.some((d) => d.$type === 'bpmn:TerminateEventDefinition')
    const otherDefinition = definitions.find(
      (d) => d.$type !== 'bpmn:TerminateEventDefinition' || type !== 'end',
    )
    const loop = element.loopCharacteristics
    if (!type || otherDefinition || (loop && loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics'))
      throw badRequest(`不支持的节点: ${element.id} (${unsupportedType(element)})`)
    const node: GraphNode = { id: element.id, type, name: element.name ?? '', incoming: [], outgoing: [] }
    if (terminate) node.terminate = true
    if (type === 'userTask') {
      const assignee = element.get('xpark:assignee')
      if (typeof assignee === 'string' && assignee.trim()) node.assignee = assignee.trim()
      const buttons = parseButtons(element.id, element.get('xpark:buttons'))
      if (buttons) node.buttons = buttons
      const fields = parseFieldRights(element.id, element.get('xpark:fields'))
      if (fields) node.fields = fields
      if (loop) {
        const completion = String(element.get('xpark:completion') ?? 'all') || 'all'
        if (!isCompletion(completion)) throw badRequest(`会签完成条件有误: ${element.id}: ${completion}`)
        node.multi = { sequential: Boolean(loop.isSequential), completion }
      }
      if (!node.assignee) throw badRequest(`用户任务缺少处理人: ${element.id}`)
    }
    if (type === 'exclusive' && element.default) node.defaultFlow = element.default.id
    nodes[node.id] = node
  }
  attachTimers(nodes)
  const pairs = new Set<string>()
  for (const element of elements) {
    if (element.$type !== 'bpmn:SequenceFlow') continue
    const source = element.sourceRef?.id
    const target = element.targetRef?.id
    if ((source && hidden.has(source)) || (target && hidden.has(target))) continue
    if (!source || !target || !nodes[source] || !nodes[target])
      throw badRequest(`连线缺少端点: ${element.id}`)
    if (source === target) throw badRequest(`${CONNECTION.self}: ${element.id}`)
    if (pairs.has(`${source}>${target}`)) throw badRequest(`${CONNECTION.repeat}: ${element.id}`)
    if (pairs.has(`${target}>${source}`)) throw badRequest(`${CONNECTION.loopBack}: ${element.id}`)
    pairs.add(`${source}>${target}`)
    const flow: GraphFlow = { id: element.id, source, target }
    const body = element.conditionExpression?.body?.trim()
    if (body) {
      compileCondition(body, element.id) // refuses a bad expression now, not when an instance reaches it
      flow.condition = body
    }
    flows[flow.id] = flow
    nodes[source]!.outgoing.push(flow.id)
    nodes[target]!.incoming.push(flow.id)
  }
  return checkShape({ key: process.id, name: process.name ?? process.id, start: '', nodes, flows })
}

function unsupportedType(element: Element): string {
  const definition = element.eventDefinitions?.find((d) => d.$type !== 'bpmn:TerminateEventDefinition')
  if (definition) return `${element.$type} ${definition.$type}`
  if (
    element.loopCharacteristics &&
    element.loopCharacteristics.$type !== 'bpmn:MultiInstanceLoopCharacteristics'
  )
    return `${element.$type} ${element.loopCharacteristics.$type}`
  return element.$type
}

const isCompletion = (text: string) =>
  text === 'all' || text === 'any' || (/^(0(\.\d+)?|1(\.0+)?)$/.test(text) && Number(text) > 0)

function checkShape(graph: Graph): Graph {
  const starts = Object.values(graph.nodes).filter((n) => n.type === 'start')
  if (starts.length !== 1) throw badRequest('流程必须有且只有一个开始节点')
  graph.start = starts[0]!.id
  if (!Object.values(graph.nodes).some((n) => n.type === 'end')) throw badRequest('流程必须有结束节点')
  for (const node of Object.values(graph.nodes)) {
    if (node.type === 'timer') {
      if (node.incoming.length > 0) throw badRequest(`边界事件不能有入口: ${node.id}`)
      if (node.outgoing.length !== 1) throw badRequest(`边界事件只能有一个出口: ${node.id}`)
      continue
    }
    if (node.type !== 'end' && node.outgoing.length === 0) throw badRequest(`节点没有出口: ${node.id}`)
    if (node.type !== 'start' && node.incoming.length === 0) throw badRequest(`节点没有入口: ${node.id}`)
    if (node.type === 'userTask' && node.outgoing.length > 1)
      throw badRequest(`用户任务只能有一个出口, 分支请用网关: ${node.id}`)
    if (node.defaultFlow && !node.outgoing.includes(node.defaultFlow))
      throw badRequest(`默认连线不属于该网关: ${node.id}`)
  }
  return graph
}

/** The user tasks of a graph in the order a token meets them from the start (breadth first). */
export function userTasksInOrder(graph: Graph): GraphNode[] {
  const seen = new Set<string>([graph.start])
  const queue = [graph.start]
  const out: GraphNode[] = []
  for (let i = 0; i < queue.length; i++) {
    const node = graph.nodes[queue[i]!]!
    if (node.type === 'userTask') out.push(node)
    for (const flowId of node.outgoing) {
      const target = graph.flows[flowId]!.target
      if (!seen.has(target)) {
        seen.add(target)
        queue.push(target)
      }
    }
  }
  return out
}

/** A boundary event: a timer with a `timeDuration` only (escalation), on a user task. */
function parseTimerBoundary(element: Element): GraphNode {
  const definitions = element.eventDefinitions ?? []
  const timer = definitions[0]
  if (definitions.length !== 1 || timer!.$type !== 'bpmn:TimerEventDefinition')
    throw badRequest(`不支持的节点: ${element.id} (${unsupportedType(element)})`)
  const duration = timer!.timeDuration?.body?.trim()
  if (!duration || timer!.timeDate || timer!.timeCycle)
    throw badRequest(`定时边界事件只支持时长 (timeDuration): ${element.id}`)
  parseDuration(element.id, duration) // refused now, not when a task opens
  const attachedTo = element.attachedToRef?.id
  if (!attachedTo) throw badRequest(`边界事件没有依附的节点: ${element.id}`)
  return {
    id: element.id,
    type: 'timer',
    name: element.name ?? '',
    incoming: [],
    outgoing: [],
    // BPMN's default is interrupting (cancelActivity true)
    timer: { attachedTo, duration, interrupting: element.cancelActivity !== false },
  }
}

/** Hang each timer on its user task (a plain one: not a multi-instance node). */
function attachTimers(nodes: Record<string, GraphNode>) {
  for (const node of Object.values(nodes)) {
    if (!node.timer) continue
    const task = nodes[node.timer.attachedTo]
    if (task?.type !== 'userTask') throw badRequest(`定时边界事件只能依附用户任务: ${node.id}`)
    if (task.multi) throw badRequest(`定时边界事件不支持会签节点: ${node.id}`)
    task.timers = [...(task.timers ?? []), node.id]
  }
}
