import { createServer, type Server, type Socket } from 'node:net'
import { Aedes, type AuthenticateError } from 'aedes'
import { keyMatches, NODE_USERNAME } from './credentials.js'
import { matches, TOPIC_ROOT } from './link.js'

/**
 * The embedded broker (aedes, MQTT 3.1.1), run when no `XPARK_MQTT_URL` is set: like the embedded
 * database, `npm start` needs nothing else. It listens on loopback unless told otherwise and lets a
 * machine publish only its own status, telemetry, events and acks, and read only its own commands
 * and config; the nodes may do everything.
 */
export interface EmbeddedBroker {
  url: string
  port: number
  close(): Promise<void>
}

/** what a machine signed in as `<tenant>/<code>` may publish and subscribe to */
const machineMay = (username: string) => ({
  publish: [
    `${TOPIC_ROOT}/${username}/status`,
    `${TOPIC_ROOT}/${username}/telemetry`,
    `${TOPIC_ROOT}/${username}/event`,
    `${TOPIC_ROOT}/${username}/ack/+`,
    `${TOPIC_ROOT}/${username}/ack`,
  ],
  subscribe: [
    `${TOPIC_ROOT}/${username}/cmd`,
    `${TOPIC_ROOT}/${username}/config`,
    // the modules' own retained settings (`config/<section>`: the alarm rules it checks at the edge)
    `${TOPIC_ROOT}/${username}/config/+`,
  ],
})

const refused = (code: number) =>
  Object.assign(new Error('not authorised'), { returnCode: code }) as AuthenticateError

export async function startEmbeddedBroker(options: {
  host: string
  port: number
  secret: string
}): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const ok = !!username && !!password && keyMatches(options.secret, username, password.toString())
      if (ok) (client as { xparkUser?: string }).xparkUser = username
      done(ok ? null : refused(4), ok)
    },
    authorizePublish: (client, packet, done) => {
      const user = (client as { xparkUser?: string } | null)?.xparkUser
      // the broker's own messages (a last will is published on the client's behalf) pass as the client's
      if (!client || user === NODE_USERNAME) return done(null)
      const allowed = user && machineMay(user).publish.some((f) => matches(f, packet.topic))
      done(allowed ? null : new Error('not authorised'))
    },
    authorizeSubscribe: (client, subscription, done) => {
      const user = (client as { xparkUser?: string }).xparkUser
      if (user === NODE_USERNAME) return done(null, subscription)
      const allowed = user && machineMay(user).subscribe.some((f) => f === subscription.topic)
      // refused with a failure code in the SUBACK (0x80), the connection kept
      done(null, allowed ? subscription : null)
    },
  })
  const server: Server = createServer(broker.handle)
  // every connection, so a close never waits on one: a client reconnecting while the broker closed
  // was handed to a closed broker and kept the listener's close waiting (a CI run's shutdown timed out)
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `the embedded MQTT broker cannot listen on ${options.host}:${options.port}: the port is in use (set XPARK_MQTT_PORT, or XPARK_MQTT_URL for a broker of your own)`,
            )
          : error,
      ),
    )
    server.listen(options.port, options.host, () => resolve())
  })
  const { port } = server.address() as { port: number }
  return {
    url: `mqtt://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`,
    port,
    close: async () => {
      // stop taking connections first, then let the broker say goodbye to its clients, then drop
      // whatever is left
      const listenerClosed = new Promise<void>((resolve) => server.close(() => resolve()))
      await new Promise<void>((resolve) => broker.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await listenerClosed
    },
  }
}
