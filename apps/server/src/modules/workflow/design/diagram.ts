import { WORKFLOW_DESIGN_TEXTS as T } from '@xpark/contract/modules/workflow-design'
import { BpmnModdle } from 'bpmn-moddle'
import { badRequest } from '../../../core/errors.js'
import { CONNECTION } from '../engine/graph.js'
import { xparkModdle } from '../engine/xpark-moddle.js'

/**
 * What a model's BPMN must be when it is saved (spec 02 §2, "again on the server at save"): readable,
 * one process whose id is the model's key, and none of the editor's three refused connections. The
 * rest (supported nodes, assignees, conditions, shape) waits for deploy: a diagram in progress may
 * still lack them.
 */

interface Element {
  $type: string
  id: string
  rootElements?: Element[]
  flowElements?: Element[]
  sourceRef?: { id: string }
  targetRef?: { id: string }
}

const moddle = new BpmnModdle({ xpark: xparkModdle })

export async function checkDiagram(xml: string, modelKey: string): Promise<void> {
  let definitions: Element
  try {
    definitions = (await moddle.fromXML(xml)).rootElement as Element
  } catch (e) {
    throw badRequest(`${T.badXml}: ${(e as Error).message.split('\n')[0]}`)
  }
  const processes = (definitions.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process')
  if (processes.length !== 1) throw badRequest('流程图必须有且只有一个流程')
  const process = processes[0]!
  if (process.id !== modelKey) throw badRequest(`${T.keyMismatch}: ${process.id} ≠ ${modelKey}`)
  const pairs = new Set<string>()
  for (const flow of process.flowElements ?? []) {
    if (flow.$type !== 'bpmn:SequenceFlow') continue
    const source = flow.sourceRef?.id
    const target = flow.targetRef?.id
    if (!source || !target) continue
    if (source === target) throw badRequest(`${CONNECTION.self}: ${flow.id}`)
    if (pairs.has(`${source}>${target}`)) throw badRequest(`${CONNECTION.repeat}: ${flow.id}`)
    if (pairs.has(`${target}>${source}`)) throw badRequest(`${CONNECTION.loopBack}: ${flow.id}`)
    pairs.add(`${source}>${target}`)
  }
}

/** A form-js schema: a JSON object with a `components` array. */
export function checkFormSchema(content: string): void {
  let schema: unknown
  try {
    schema = JSON.parse(content)
  } catch {
    throw badRequest(T.badForm)
  }
  const components = (schema as { components?: unknown } | null)?.components
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || !Array.isArray(components))
    throw badRequest(T.badForm)
}

/** Default values: a JSON object (field → value). */
export function checkValues(content: string): void {
  let values: unknown
  try {
    values = JSON.parse(content)
  } catch {
    throw badRequest(T.badValues)
  }
  if (typeof values !== 'object' || values === null || Array.isArray(values)) throw badRequest(T.badValues)
}
