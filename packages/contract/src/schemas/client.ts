import { z } from 'zod'
import { defineContract } from '../kit.js'
import { numberInput } from '../values.js'
import { optionalText, requiredText } from './common.js'
import { ClientRow } from './rows.js'

const seconds = (message: string) =>
  numberInput(
    message,
    z.number().int(message).min(1, message).max(31_536_000, `${message} (at most one year)`),
  )

/**
 * An OAuth client (BladeX blade_client). The secret is write-only: stored as an argon2id hash and
 * never read back; empty on a new client means a public client (no secret, as the console's own).
 */
export const ClientSchema = z.object({
  clientId: requiredText('enter client id', 48).regex(
    /^[A-Za-z0-9_.-]+$/,
    'client id: letters, digits and _ . - only',
  ),
  clientSecret: optionalText('client secret', 255),
  scope: requiredText('enter scope', 255),
  authorizedGrantTypes: requiredText('enter authorized grant types', 255).regex(
    /^[a-z_]+(\s*,\s*[a-z_]+)*$/,
    'authorized grant types: a comma-separated list such as password,refresh_token',
  ),
  accessTokenValidity: seconds('enter access token validity (seconds)'),
  refreshTokenValidity: seconds('enter refresh token validity (seconds)'),
  resourceIds: optionalText('resource ids', 255),
  webServerRedirectUri: optionalText('redirect uri', 255),
  authorities: optionalText('authorities', 255),
  additionalInformation: optionalText('additional information', 4096),
  autoapprove: optionalText('autoapprove', 255),
})
export type ClientForm = z.infer<typeof ClientSchema>

/** blade-system/client: the OAuth clients (platform data; the secret is write-only). The writes answer BladeX's `R.status(true)`. */
export const clientContract = defineContract({
  path: 'blade-system/client',
  code: 'client',
  form: ClientSchema,
  row: ClientRow,
  label: 'clientId',
  filters: { clientId: 'like', scope: 'like', authorizedGrantTypes: 'like' },
  sorts: ['clientId', 'createTime'],
  writeReply: 'status',
})
