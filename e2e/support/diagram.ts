import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * The workflow designer (bpmn-js) as a mouse uses it: shapes by their element id, the context pad's
 * entries, a selection that the properties panel confirms, a connection dragged with the pad's tool.
 */

export const shape = (page: Page, id: string): Locator =>
  page.locator(`.djs-element[data-element-id="${id}"]`).first()

export const padEntry = (page: Page, action: string): Locator =>
  page.locator(`.djs-context-pad .entry[data-action="${action}"]`)

/** Clicks a spot of the diagram; the first click after a drag is swallowed: spend it on empty canvas. */
export async function clickDiagram(page: Page, point: { x: number; y: number }): Promise<void> {
  const canvas = await page.getByTestId('wfd-canvas').boundingBox()
  if (canvas) await page.mouse.click(canvas.x + canvas.width - 40, canvas.y + canvas.height - 40)
  await page.mouse.click(point.x, point.y)
}

/** Selects a node as a click does (the properties panel shows its id); its box on the page. */
export async function selectShape(page: Page, id: string) {
  const box = await shape(page, id).boundingBox()
  if (!box) throw new Error(`no element ${id}`)
  await clickDiagram(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 })
  await expect(page.getByTestId('wfd-id')).toContainText(id)
  return box
}

/** The context pad's connect tool dragged from one node onto another. */
export async function connect(page: Page, from: string, to: string): Promise<void> {
  const box = await selectShape(page, from)
  // the pad moves to the clicked node: wait until its connect tool stands beside it
  const tool = padEntry(page, 'connect')
  await expect
    .poll(async () => {
      const b = await tool.boundingBox()
      return Boolean(
        b && b.x > box.x + box.width - 5 && b.x < box.x + box.width + 150 && Math.abs(b.y - box.y) < 150,
      )
    })
    .toBe(true)
  const start = await tool.boundingBox()
  const target = await shape(page, to).boundingBox()
  if (!start || !target) throw new Error('no connect tool or target')
  const end = { x: target.x + target.width / 2, y: target.y + target.height / 2 }
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2)
  await page.mouse.down()
  await page.mouse.move(end.x + 5, end.y + 5, { steps: 8 })
  await page.mouse.move(end.x, end.y, { steps: 4 })
  await page.mouse.up()
}
