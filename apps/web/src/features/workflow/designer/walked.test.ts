import { describe, expect, it } from 'vitest'
import { type PathNode, walkedNodes } from './walked'

/** A diagram from `a->b` flows; a node whose id starts with `gw` is an exclusive gateway. */
function diagram(...flows: string[]): PathNode[] {
  const nodes = new Map<
    string,
    {
      id: string
      type: string
      incoming: { source: { id: string } }[]
      outgoing: { target: { id: string } }[]
    }
  >()
  const node = (id: string) => {
    if (!nodes.has(id))
      nodes.set(id, {
        id,
        type: id.startsWith('gw') ? 'bpmn:ExclusiveGateway' : 'bpmn:UserTask',
        incoming: [],
        outgoing: [],
      })
    return nodes.get(id)!
  }
  for (const flow of flows) {
    const [from, to] = flow.split('->') as [string, string]
    node(from).outgoing.push({ target: { id: to } })
    node(to).incoming.push({ source: { id: from } })
  }
  return [...nodes.values()]
}

describe('walkedNodes (the detail diagram lights gateways, which write no history)', () => {
  const leave = diagram('start->manager', 'manager->gw', 'gw->hr', 'gw->end', 'hr->end')

  it('a gateway between a passed node and a reached one is walked; one not yet left is not', () => {
    expect([...walkedNodes(leave, ['start', 'manager'], ['hr'])].sort()).toEqual(['gw', 'manager', 'start'])
    expect(walkedNodes(leave, ['start'], ['manager']).has('gw')).toBe(false)
    expect(walkedNodes(leave, ['start', 'manager', 'end'], []).has('gw')).toBe(true)
  })

  it('through a chain of gateways (a fork straight into another gateway)', () => {
    const chain = diagram('start->gw1', 'gw1->gw2', 'gw2->task', 'gw1->other', 'other->gw3', 'gw3->end')
    const walked = walkedNodes(chain, ['start'], ['task'])
    expect(walked.has('gw1')).toBe(true)
    expect(walked.has('gw2')).toBe(true)
    expect(walked.has('gw3')).toBe(false)
  })
})
