// bpmn-moddle 10 ships element types (`bpmn-moddle/types`) but none for its class; what the engine uses:
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>)
    fromXML(xml: string): Promise<{ rootElement: unknown; warnings: unknown[] }>
  }
}
