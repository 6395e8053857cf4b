import { z } from 'zod'
import { defineCall } from '../calls.js'
import { wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { doneReply } from '../replies.js'
import { integerInput } from '../values.js'
import { optionalText, requiredText } from './common.js'

/**
 * Resource settings (BladeX blade-resource): object storage (blade_oss) and SMS (blade_sms)
 * configurations, one of each enabled per tenant. Secrets are write-only: an OSS `secretKey` and
 * an SMS `accessKey`/`secretKey` are never read back; on edit, blank keeps the stored one.
 */

/** dict `oss`: 1 minio, 2 qiniu, 3 ali, 4 tencent (S3 protocol), 5 local disk */
export const OSS_CATEGORY = { minio: 1, qiniu: 2, ali: 3, tencent: 4, local: 5 } as const
/** dict `sms`: 1 yunpian, 2 qiniu, 3 ali, 4 tencent, 5 log (writes the message to the log) */
export const SMS_CATEGORY = { yunpian: 1, qiniu: 2, ali: 3, tencent: 4, log: 5 } as const
/** BladeX status of a configuration: 1 disabled, 2 enabled (the `enable` action sets it) */
export const CONFIG_STATUS = { disabled: 1, enabled: 2 } as const

const category = (message: string, max: number) => integerInput(message, 1, max)

const code = (message: string) =>
  requiredText(message, 32).regex(/^[A-Za-z0-9_.-]+$/, `${message}: letters, digits and _ . - only`)

export const OssSchema = z.object({
  category: category('please select oss category', 5),
  ossCode: code('please enter oss code'),
  /** `http(s)://host[:port]` of the S3 endpoint (not used by the local disk kind) */
  endpoint: optionalText('endpoint', 255).refine(
    (v) => !v || /^https?:\/\/[^\s/?#]+\/?$/.test(v),
    'endpoint: http(s)://host[:port]',
  ),
  accessKey: optionalText('accessKey', 255),
  secretKey: optionalText('secretKey', 255),
  bucketName: optionalText('bucketName', 255).refine(
    (v) => !v || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
    'bucketName: 3-63 lower-case letters, digits, dots and hyphens',
  ),
  appId: optionalText('appId', 255),
  region: optionalText('region', 255),
  remark: optionalText('remark', 255),
})
export type OssForm = z.infer<typeof OssSchema>

export const SmsSchema = z.object({
  category: category('please select sms category', 5),
  smsCode: code('please enter sms code'),
  templateId: optionalText('templateId', 255),
  accessKey: optionalText('accessKey', 255),
  secretKey: optionalText('secretKey', 255),
  regionId: optionalText('regionId', 255),
  signName: optionalText('signName', 255),
  remark: optionalText('remark', 255),
})
export type SmsForm = z.infer<typeof SmsSchema>

/** a mobile number as SMS providers take it: digits, optionally with a leading + (E.164) */
export const SMS_PHONE = /^\+?\d{6,15}$/

/** `send-message` (BladeX SmsEndpoint): `phones` comma-separated, `params` a JSON object of strings */
export const SmsSendSchema = z.object({
  code: z.string().max(32, 'code: at most 32 characters').optional(),
  phones: requiredText('phone number cannot be empty', 2000).refine(
    (v) => v.split(',').every((p) => SMS_PHONE.test(p.trim())),
    'phones: comma-separated mobile numbers',
  ),
  params: z
    .string()
    .max(4000, 'params: at most 4000 characters')
    .optional()
    .refine((v) => {
      if (!v) return true
      try {
        const parsed: unknown = JSON.parse(v)
        return (
          typeof parsed === 'object' &&
          parsed !== null &&
          !Array.isArray(parsed) &&
          Object.values(parsed).every((x) => typeof x === 'string' || typeof x === 'number')
        )
      } catch {
        return false
      }
    }, 'params: a JSON object of texts, e.g. {"code":"1234"}'),
})
export type SmsSendForm = z.infer<typeof SmsSendSchema>

/** BladeX BladeFile: what `put-file` answers */
export const BladeFileReply = z.object({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  attachId: z.string(),
})
export type BladeFile = z.infer<typeof BladeFileReply>

/** blade-resource/oss as the page and detail answer it (the secret key is write-only). */
export const OssRow = z.object({
  id: wire.id,
  category: wire.number,
  ossCode: wire.text,
  endpoint: wire.optionalText,
  accessKey: wire.optionalText,
  bucketName: wire.optionalText,
  appId: wire.optionalText,
  region: wire.optionalText,
  remark: wire.optionalText,
  status: wire.number,
})
export type OssRow = z.infer<typeof OssRow>

/** blade-resource/oss: a tenant's storage configurations. The writes answer BladeX's `R.status(true)`. */
export const ossContract = defineContract({
  path: 'blade-resource/oss',
  code: 'oss',
  form: OssSchema,
  row: OssRow,
  label: 'ossCode',
  filters: { ossCode: 'like', category: 'eq', status: 'eq' },
  sorts: ['ossCode', 'category', 'status', 'createTime'],
  writeReply: 'status',
})

/** blade-resource/sms as the page and detail answer it (the keys are write-only). */
export const SmsRow = z.object({
  id: wire.id,
  category: wire.number,
  smsCode: wire.text,
  templateId: wire.optionalText,
  regionId: wire.optionalText,
  signName: wire.optionalText,
  remark: wire.optionalText,
  status: wire.number,
})
export type SmsRow = z.infer<typeof SmsRow>

/** blade-resource/sms: a tenant's SMS configurations. The writes answer BladeX's `R.status(true)`. */
export const smsContract = defineContract({
  path: 'blade-resource/sms',
  code: 'sms',
  form: SmsSchema,
  row: SmsRow,
  label: 'smsCode',
  filters: { smsCode: 'like', templateId: 'like', category: 'eq', status: 'eq' },
  sorts: ['smsCode', 'category', 'status', 'createTime'],
  writeReply: 'status',
})

/** An attachment's editable field: rows are made by uploads; `submit` with an id renames one. */
export const AttachSchema = z.object({
  originalName: z.string().trim().min(1, '请输入附件名称').max(255),
})
export type AttachForm = z.infer<typeof AttachSchema>

/** blade-resource/attach as the page and detail answer it. */
export const AttachRow = z.object({
  id: wire.id,
  link: wire.text,
  domain: wire.text,
  name: wire.text,
  originalName: wire.text,
  extension: wire.text,
  attachSize: wire.number,
  ossId: wire.optionalId,
  createTime: wire.date,
})
export type AttachRow = z.infer<typeof AttachRow>

/** What storing a file needs (`put-file`): the attachment screen's 上传 button. */
export const ATTACH_UPLOAD = 'attach_upload'

/**
 * blade-resource/attach: a tenant's stored files. BladeX's codes: uploading adds a row and renaming
 * one (`submit` with an id) is an edit, both under `attach_upload`. The writes answer BladeX's `R.status(true)`.
 */
export const attachContract = defineContract({
  path: 'blade-resource/attach',
  code: 'attach',
  form: AttachSchema,
  row: AttachRow,
  label: 'originalName',
  filters: { originalName: 'like', extension: 'eq', name: 'like' },
  sorts: ['originalName', 'attachSize', 'createTime'],
  permissions: { add: ATTACH_UPLOAD, edit: ATTACH_UPLOAD },
  writeReply: 'status',
})

// —— beside the resources: 启用 of a configuration, 发送短信, removing attachments with their stored
// objects, uploads, and the signed links every stored object is read through ——

const ID = 'must be a 64-bit id'
const isId = (v: string) => /^[1-9]\d{0,18}$/.test(v) && (v.length < 19 || v <= '9223372036854775807')

/** `POST <path>/enable?id=`: the row becomes the tenant's only enabled configuration, the others disabled. */
const enableCall = (contract: { path: string; code: string }) =>
  defineCall({
    path: `${contract.path}/enable`,
    method: 'POST',
    in: 'query',
    permission: `${contract.code}_enable`,
    params: z.object({
      id: z
        .string({ error: 'id is required' })
        .regex(/^[1-9]\d{0,18}$/, ID)
        .refine(isId, ID),
    }),
    reply: doneReply,
    summary: `${contract.code}: enable this configuration (the tenant's others are disabled)`,
  })

export const ossEnableCall = enableCall(ossContract)
export const smsEnableCall = enableCall(smsContract)

/** What a provider answered for a message (`success` false is answered as a 400 with its msg). */
export const SmsResultReply = z.object({ success: z.boolean(), code: z.number(), msg: z.string() })

/** BladeX sends `code`, `phones`, `params` as request parameters; a JSON body works as well. */
export const smsSendCall = defineCall({
  path: 'blade-resource/sms/send-message',
  also: ['blade-resource/sms/endpoint/send-message'],
  method: 'POST',
  permission: 'sms_send',
  params: SmsSendSchema,
  reply: SmsResultReply,
  summary:
    'sms: send a message (code: an sms_code, else the enabled configuration; phones comma-separated; params JSON)',
})

export const attachRemoveCall = defineCall({
  path: 'blade-resource/attach/remove',
  method: 'POST',
  in: 'query',
  permission: 'attach_delete',
  params: z.object({
    ids: z
      .string({ error: 'ids is required' })
      .refine(
        (s) => s.split(',').length <= 1000 && s.split(',').every(isId),
        'must be a comma-separated list of at most 1000 64-bit ids',
      ),
  }),
  reply: doneReply,
  summary: 'attach: remove the rows and their stored objects',
})

/** One file (multipart field `file`) to the enabled store, else the local disk; answers BladeFile. */
const upload = {
  method: 'POST',
  upload: true,
  permission: ATTACH_UPLOAD,
  params: z.object({ code: z.string().max(32, 'code: at most 32 characters').optional() }).loose(),
  reply: BladeFileReply,
  summary:
    'upload one file (multipart field `file`) to the enabled OSS configuration, else the local disk (`code` is accepted and ignored); answers BladeFile',
  tag: 'attach',
} as const

/** BladeX OssEndpoint `put-file` (and its `put-file-attach`). */
export const putFileCall = defineCall({
  ...upload,
  path: 'blade-resource/oss/endpoint/put-file',
  also: ['blade-resource/oss/endpoint/put-file-attach'],
})

// —— the spec's "minio" calls (spec 01 §7): the same store, whichever one is enabled ——

/** The same upload as `put-file`. */
export const minioUploadCall = defineCall({ ...upload, path: 'minio/upload' })

/** A signed link for a stored object of the caller's tenant (`objectName`: the name an upload answered). */
export const minioObjectUrlCall = defineCall({
  path: 'minio/getObjectUrl',
  method: 'GET',
  permission: 'attach_view',
  params: z.object({ objectName: z.string().min(1).max(500) }),
  reply: z.string(),
  summary: 'attach: a signed link for a stored object (objectName: the name put-file answered)',
  tag: 'attach',
})

/** Public: the signature in the link is the permission (links sit in <img src>, which sends no token). */
export const fileCall = defineCall({
  path: 'blade-resource/file/*',
  method: 'GET',
  public: true,
  params: z.object({ sign: z.string().max(64).optional(), download: z.string().optional() }),
  summary: 'read a stored file through its signed link (`download=1` sends it as an attachment)',
  tag: 'attach',
})
