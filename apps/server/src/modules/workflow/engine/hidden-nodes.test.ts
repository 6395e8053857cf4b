import { describe, expect, it } from 'vitest'
import { parseProcess } from './graph.js'

// A node the designer deleted while a deployed version stands on it is kept as `xpark:hidden`: the
// next deployment leaves it and its flows out (spec 02 §2 "a deleted node is only marked hidden").
const diagram = (hidden: string) => `<?xml version="1.0"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xpark="http://xpark.dev/schema/bpmn"
  id="d" targetNamespace="t"><process id="p">
  <startEvent id="s" /><userTask id="a" xpark:assignee="user:1" /><endEvent id="e" />
  <userTask id="old" xpark:assignee="user:2"${hidden} />
  <sequenceFlow id="f1" sourceRef="s" targetRef="a" /><sequenceFlow id="f2" sourceRef="a" targetRef="e" />
  <sequenceFlow id="f3" sourceRef="old" targetRef="e" /></process></definitions>`

describe('hidden nodes', () => {
  it('are left out of a deployment with their flows', async () => {
    const graph = await parseProcess(diagram(' xpark:hidden="true"'))
    expect(Object.keys(graph.nodes).sort()).toEqual(['a', 'e', 's'])
    expect(Object.keys(graph.flows).sort()).toEqual(['f1', 'f2'])
    expect(graph.nodes.e?.incoming).toEqual(['f2'])
  })

  it('count as nodes when not hidden (the same diagram is refused: no entry)', async () => {
    await expect(parseProcess(diagram(''))).rejects.toMatchObject({ message: '节点没有入口: old' })
  })
})
