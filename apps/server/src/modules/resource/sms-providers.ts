import { SMS_CATEGORY } from '@xpark/contract/schemas'

/** The configuration a provider sends with (a blade_sms row, secrets included: server side only). */
export interface SmsConfig {
  category: number
  smsCode: string
  templateId: string | null
  accessKey: string | null
  secretKey: string | null
  regionId: string | null
  signName: string | null
}

export interface SmsMessage {
  phones: string[]
  /** template parameters, e.g. `{ code: '1234' }` */
  params: Record<string, string>
}

/** BladeX SmsResponse */
export interface SmsResult {
  success: boolean
  code: number
  msg: string
}

/** What a provider may use besides the network: the usual log of the tenant and the server log. */
export interface SmsContext {
  log(message: string, data: Record<string, unknown>): void
}

/** One SMS service. A real provider (Aliyun, Tencent, …) implements this and is registered by its dict key. */
export interface SmsProvider {
  readonly name: string
  send(config: SmsConfig, message: SmsMessage, ctx: SmsContext): Promise<SmsResult>
}

/** Dict `sms` 5: writes each message to the usual log and the server log instead of sending it. */
export const logSmsProvider: SmsProvider = {
  name: 'log',
  async send(config, message, ctx) {
    ctx.log(`短信发送: ${message.phones.join(',')}`, {
      smsCode: config.smsCode,
      templateId: config.templateId ?? '',
      signName: config.signName ?? '',
      phones: message.phones,
      params: message.params,
    })
    return { success: true, code: 200, msg: `已记录到日志: ${message.phones.length} 条` }
  },
}

/** dict `sms` names, for messages */
export const SMS_PROVIDER_NAMES: Record<number, string> = {
  [SMS_CATEGORY.yunpian]: 'yunpian',
  [SMS_CATEGORY.qiniu]: 'qiniu',
  [SMS_CATEGORY.ali]: 'ali',
  [SMS_CATEGORY.tencent]: 'tencent',
  [SMS_CATEGORY.log]: 'log',
}

const providers = new Map<number, SmsProvider>([[SMS_CATEGORY.log, logSmsProvider]])

/** Plug a real provider in for a dict `sms` key (process-wide, at start). */
export function registerSmsProvider(category: number, provider: SmsProvider): void {
  providers.set(category, provider)
}

export function smsProviderFor(category: number): SmsProvider | undefined {
  return providers.get(category)
}
