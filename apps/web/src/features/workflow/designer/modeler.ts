import {
  type ConnectionRefusal,
  connectionRefusal,
  xparkModdle,
} from '@xpark/contract/modules/workflow-moddle'
import { layoutProcess } from 'bpmn-auto-layout'
import Modeler from 'bpmn-js/lib/Modeler'
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer'
import { BpmnModdle } from 'bpmn-moddle'
import CommandInterceptor from 'diagram-js/lib/command/CommandInterceptor'
import RuleProvider from 'diagram-js/lib/features/rules/RuleProvider'
import 'bpmn-js/dist/assets/diagram-js.css'
import 'bpmn-js/dist/assets/bpmn-js.css'
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css'
import './designer.css'
import { walkedNodes } from './walked'

/**
 * bpmn-js for the workflow screens, loaded only by them: the modeler with our moddle extension, the
 * editor's rules (spec 02 §2: no connection to itself, no repeat, no loop back; the same checks run on
 * the server at save and deploy) and "a deleted node is only marked hidden"; the navigated viewer for
 * a process's diagram. Types of the diagram's elements are kept to what these screens read.
 */

export interface DiagramElement {
  id: string
  type: string
  businessObject: BusinessObject
  source?: DiagramElement
  target?: DiagramElement
  incoming?: DiagramElement[]
  outgoing?: DiagramElement[]
  waypoints?: unknown
}

export interface BusinessObject {
  id: string
  name?: string
  $type: string
  /** the element holding it (a node's process) */
  $parent?: BusinessObject
  get(name: string): unknown
  loopCharacteristics?: { $type: string; isSequential?: boolean }
  conditionExpression?: { body?: string }
  default?: BusinessObject
  eventDefinitions?: { $type: string }[]
}

interface EventBus {
  on(event: string | string[], priority: number, fn: (e: { context?: Record<string, unknown> }) => void): void
  on(event: string | string[], fn: (e: { element?: DiagramElement }) => void): void
  fire(event: string, data: unknown): void
}
interface ElementRegistry {
  getAll(): DiagramElement[]
  filter(fn: (e: DiagramElement) => boolean): DiagramElement[]
}
interface Box {
  x: number
  y: number
  width: number
  height: number
}
interface Canvas {
  viewbox(): Box & { inner: Box; outer: Box }
  viewbox(box: Box): void
  addMarker(e: DiagramElement | string, marker: string): void
  removeMarker(e: DiagramElement | string, marker: string): void
}
export interface Modeling {
  updateProperties(e: DiagramElement, props: Record<string, unknown>): void
  removeElements(elements: DiagramElement[]): void
}
interface ModdleFactory {
  create(type: string, props?: Record<string, unknown>): unknown
}

export const isFlowNode = (e: DiagramElement) =>
  !e.waypoints &&
  e.type !== 'label' &&
  /^bpmn:(\w+Event|\w*Task|\w*Gateway|SubProcess|CallActivity)$/.test(e.type)
export const isHidden = (e: DiagramElement) => e.businessObject.get('xpark:hidden') === true

export const REFUSED_EVENT = 'xpark.connection.refused'
export type Refusal = ConnectionRefusal | 'hidden'

/** The editor's connection rules: refused drawings name their reason on the event bus at the drop. */
class XparkRules extends RuleProvider {
  static override $inject = ['eventBus', 'elementRegistry']
  private last: { source: string; target: string; reason: Refusal } | null = null

  constructor(
    private readonly bus: EventBus,
    private readonly registry: ElementRegistry,
  ) {
    super(bus as never)
    // a drop where the rules said no: tell why (the hover asks the rules many times; the drop once)
    bus.on(['connect.end', 'bendpoint.move.end'], 1500, (e) => {
      const context = e.context ?? {}
      const allowed = context.canExecute ?? context.allowed
      if (allowed || !this.last) return
      this.bus.fire(REFUSED_EVENT, { reason: this.last.reason })
      this.last = null
    })
    // a refusal counts while the pointer stays on the refused node (the rules run as it enters,
    // forward first, then the reverse drawing: the forward reason is the one to tell)
    const moves = ['connect.init', 'connect.hover', 'connect.out']
    bus.on([...moves, ...moves.map((m) => m.replace('connect', 'bendpoint.move'))], 1500, () => {
      this.last = null
    })
  }

  override init(): void {
    const check = (source?: DiagramElement, target?: DiagramElement, moving?: DiagramElement) => {
      if (!source || !target || !isFlowNode(source) || !isFlowNode(target)) return undefined
      const reason: Refusal | null =
        isHidden(source) || isHidden(target)
          ? 'hidden'
          : connectionRefusal(
              source.id,
              target.id,
              this.registry
                .filter((e) => e.type === 'bpmn:SequenceFlow' && e !== moving)
                .map((f) => ({ source: f.source?.id ?? '', target: f.target?.id ?? '' })),
            )
      if (!reason) return undefined
      this.last ??= { source: source.id, target: target.id, reason }
      return false
    }
    this.addRule('connection.create', 1500, (c: { source?: DiagramElement; target?: DiagramElement }) =>
      check(c.source, c.target),
    )
    this.addRule(
      'connection.reconnect',
      1500,
      (c: { connection: DiagramElement; source?: DiagramElement; target?: DiagramElement }) =>
        check(c.source, c.target, c.connection),
    )
  }
}

/**
 * Nodes that a deployed version holds (`kept`) are marked hidden when deleted, their connections
 * removed: instances standing on them still find them, and the next deployment leaves them out. A node
 * added since, or one already hidden, is deleted for real.
 */
function hideOnDelete(kept: ReadonlySet<string>) {
  class HideOnDelete extends CommandInterceptor {
    static override $inject = ['eventBus', 'modeling', 'canvas', 'elementRegistry']
    constructor(bus: EventBus, modeling: Modeling, canvas: Canvas, registry: ElementRegistry) {
      super(bus as never)
      this.preExecute(
        'elements.delete',
        2000,
        (context: { elements: DiagramElement[] }) => {
          const hide = context.elements.filter((e) => kept.has(e.id) && isFlowNode(e) && !isHidden(e))
          if (hide.length === 0) return
          const lines = hide.flatMap((e) => [...(e.incoming ?? []), ...(e.outgoing ?? [])])
          context.elements = [...context.elements.filter((e) => !hide.includes(e)), ...lines].filter(
            (e, i, all) => all.indexOf(e) === i,
          )
          for (const e of hide) modeling.updateProperties(e, { 'xpark:hidden': true })
        },
        true,
      )
      const mark = (e?: DiagramElement) => {
        if (!e?.businessObject || !isFlowNode(e)) return
        if (isHidden(e)) canvas.addMarker(e, 'xpark-hidden')
        else canvas.removeMarker(e, 'xpark-hidden')
      }
      bus.on('element.changed', (e) => mark(e.element))
      bus.on('import.done', () => {
        for (const e of registry.getAll()) mark(e)
      })
    }
  }
  return HideOnDelete
}

export interface DesignerServices {
  modeling: Modeling
  moddle: ModdleFactory
  canvas: Canvas
  bus: EventBus
  registry: ElementRegistry
}

export function createModeler(container: HTMLElement, kept: ReadonlySet<string>) {
  const modeler = new Modeler({
    container,
    moddleExtensions: { xpark: xparkModdle },
    additionalModules: [
      {
        __init__: ['xparkRules', 'xparkHideOnDelete'],
        xparkRules: ['type', XparkRules],
        xparkHideOnDelete: ['type', hideOnDelete(kept)],
      },
    ],
  })
  const services: DesignerServices = {
    modeling: modeler.get<Modeling>('modeling'),
    moddle: modeler.get<ModdleFactory>('moddle'),
    canvas: modeler.get<Canvas>('canvas'),
    bus: modeler.get<EventBus>('eventBus'),
    registry: modeler.get<ElementRegistry>('elementRegistry'),
  }
  return { modeler, services }
}

/**
 * A diagram as bpmn-js draws it: a BPMN written without shapes (by a client of the API, or the demo's
 * seeds) is laid out first, so it shows rather than an empty canvas; a drawn one is kept as drawn.
 */
export async function drawable(xml: string): Promise<string> {
  if (/BPMNShape/.test(xml)) return xml
  // the layout follows each node's incoming and outgoing lists, which such a BPMN often leaves out
  const moddle = new BpmnModdle({ xpark: xparkModdle })
  const { rootElement } = await moddle.fromXML(xml)
  for (const process of (rootElement as ModdleElement).rootElements ?? []) {
    const flows = (process.flowElements ?? []).filter((e) => e.$type === 'bpmn:SequenceFlow')
    for (const node of process.flowElements ?? []) {
      if (node.$type === 'bpmn:SequenceFlow') continue
      node.incoming = flows.filter((f) => f.targetRef === node)
      node.outgoing = flows.filter((f) => f.sourceRef === node)
    }
  }
  const linked = await moddle.toXML(rootElement)
  return layoutProcess(linked.xml)
}

interface ModdleElement {
  $type: string
  rootElements?: ModdleElement[]
  flowElements?: ModdleElement[]
  sourceRef?: ModdleElement
  targetRef?: ModdleElement
  incoming?: ModdleElement[]
  outgoing?: ModdleElement[]
}

/** A read-only diagram (zoom and move): the passed nodes and flows lit, the current nodes marked. */
export async function showDiagram(
  container: HTMLElement,
  xml: string,
  marks: { passed: readonly string[]; current: readonly string[] },
) {
  const viewer = new NavigatedViewer({ container, moddleExtensions: { xpark: xparkModdle } })
  await viewer.importXML(await drawable(xml))
  const canvas = viewer.get<Canvas>('canvas')
  const registry = viewer.get<ElementRegistry>('elementRegistry')
  const all = registry.getAll()
  const passed = walkedNodes(
    all.filter((e) => e.businessObject && !e.waypoints && e.type !== 'label'),
    marks.passed,
    marks.current,
  )
  const reached = new Set([...passed, ...marks.current])
  for (const e of all) {
    if (!e.businessObject || e.type === 'label') continue
    if (isFlowNode(e) && isHidden(e)) canvas.addMarker(e, 'xpark-hidden')
    if (passed.has(e.id)) canvas.addMarker(e, 'xpark-passed')
    // a flow from a passed node to a passed or current one was walked
    if (e.waypoints && e.source && e.target && passed.has(e.source.id) && reached.has(e.target.id))
      canvas.addMarker(e, 'xpark-passed')
  }
  for (const id of marks.current) canvas.addMarker(id, 'xpark-current')
  fitDiagram(canvas)
  return viewer
}

/**
 * The whole diagram in view, at most at full size, clear of `left` pixels on the left (the modeler's
 * palette sits there and would hide the start event).
 */
export function fitDiagram(canvas: Canvas, left = 0): void {
  const { inner, outer } = canvas.viewbox()
  if (!inner.width || !outer.width) return
  const room = { width: outer.width - left - 40, height: outer.height - 40 }
  const scale = Math.min(room.width / inner.width, room.height / inner.height, 1)
  const spareX = (room.width - inner.width * scale) / 2 + left + 20
  const spareY = (room.height - inner.height * scale) / 2 + 20
  canvas.viewbox({
    x: inner.x - spareX / scale,
    y: inner.y - spareY / scale,
    width: outer.width / scale,
    height: outer.height / scale,
  })
}

/** A new model's first diagram: a start event, named after the model, its id the model's key. */
export function starterXml(key: string, name: string): string {
  const xmlText = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:xpark="${xparkModdle.uri}" id="Definitions_${xmlText(key)}" targetNamespace="http://xpark.dev/bpmn">
  <bpmn:process id="${xmlText(key)}" name="${xmlText(name)}" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${xmlText(key)}">
    <bpmndi:BPMNPlane id="Plane_${xmlText(key)}" bpmnElement="${xmlText(key)}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="180" y="160" width="36" height="36" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`
}
