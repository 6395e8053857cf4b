import { connect } from 'node:net'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerDrain } from './drain.js'

/** A promise and the function that settles it. */
function signal(): [Promise<void>, () => void] {
  let settle: () => void = () => {}
  const promise = new Promise<void>((resolve) => {
    settle = resolve
  })
  return [promise, settle]
}

describe('a request that arrives while the server closes', () => {
  it('the one in flight finishes; the next on its keep-alive connection gets a 503 in the envelope and the connection closes', async () => {
    const app = Fastify({ return503OnClosing: false })
    const [secondArrived, second] = signal()
    let arrived = 0
    app.addHook('onRequest', (_request, _reply, done) => {
      if (++arrived === 2) second()
      done()
    })
    registerDrain(app)
    const [held, release] = signal()
    const [inFlight, entered] = signal()
    app.get('/slow', async () => {
      entered()
      await held
      return { code: 200, success: true, data: 'done', msg: '操作成功' }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }

    const socket = connect(port, '127.0.0.1')
    socket.setEncoding('utf8')
    let text = ''
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
    const request = 'GET /slow HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n'
    socket.write(request)
    await inFlight
    // the close begins while the first request is held: the listener stops, this connection stays
    const closed = app.close()
    socket.write(request)
    await secondArrived
    release()
    await socketClosed
    await closed

    const [first = '', refused = ''] = text.split(/(?=HTTP\/1\.1 )/)
    expect(first).toMatch(/^HTTP\/1\.1 200/)
    expect(first).toContain('"data":"done"')
    expect(refused).toMatch(/^HTTP\/1\.1 503/)
    expect(refused.toLowerCase()).toContain('connection: close')
    expect(refused.toLowerCase()).toContain('retry-after: 1')
    const body = JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>
    expect(body).toMatchObject({ code: 503, success: false, msg: '服务正在停止,请稍后再试' })
  })
})
