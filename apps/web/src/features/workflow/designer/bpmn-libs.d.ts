// bpmn-auto-layout and bpmn-moddle ship no types for what the designer calls
declare module 'bpmn-auto-layout' {
  export function layoutProcess(xml: string): Promise<string>
}
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>)
    fromXML(xml: string): Promise<{ rootElement: unknown; warnings: unknown[] }>
    toXML(element: unknown): Promise<{ xml: string }>
  }
}
