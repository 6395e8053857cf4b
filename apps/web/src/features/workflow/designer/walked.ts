/**
 * The path a process walked, as the detail's diagram lights it. The history names the nodes that did
 * something (tasks, events); gateways write none, so a gateway counts as walked when a passed node
 * leads into it and it leads on to a passed or current node, through other gateways too (a fork
 * straight into a join).
 */

export interface PathNode {
  id: string
  type: string
  incoming?: readonly { source?: { id: string } }[]
  outgoing?: readonly { target?: { id: string } }[]
}

const isGateway = (node: PathNode) => node.type.endsWith('Gateway')

/** Every node walked: the passed ones and the gateways between them and the reached ones. */
export function walkedNodes(
  nodes: readonly PathNode[],
  passed: readonly string[],
  current: readonly string[],
): Set<string> {
  const walked = new Set(passed)
  const reached = new Set([...passed, ...current])
  const gateways = nodes.filter(isGateway)
  // forward from the passed nodes, and back from the reached ones, through gateways only
  const fromPassed = new Set<string>()
  const toReached = new Set<string>()
  for (let grew = true; grew; ) {
    grew = false
    for (const g of gateways) {
      if (
        !fromPassed.has(g.id) &&
        g.incoming?.some((f) => f.source && (walked.has(f.source.id) || fromPassed.has(f.source.id)))
      ) {
        fromPassed.add(g.id)
        grew = true
      }
      if (
        !toReached.has(g.id) &&
        g.outgoing?.some((f) => f.target && (reached.has(f.target.id) || toReached.has(f.target.id)))
      ) {
        toReached.add(g.id)
        grew = true
      }
    }
  }
  for (const id of fromPassed) if (toReached.has(id)) walked.add(id)
  return walked
}
