import { Writable } from 'node:stream'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { bearer, CONSOLE_BASIC, signIn, startTestApp } from '../../test/harness.js'
import { isCredentialName } from '../credentials.js'
import { logApi } from './index.js'
import { MASK, maskUrl, maskValue } from './mask.js'

/**
 * Issue 7, finding 6: one list of credential field names masks every log — the API log's params
 * (an SMS configuration's `accessKey` was stored in clear), usual-log data, and the process log's
 * request URLs (the token endpoint takes its password in the query).
 */

describe('one list of credential names masks every log', () => {
  it('names object storage and SMS key pairs, API keys and the usual secrets', () => {
    for (const name of [
      'accessKey',
      'access_key',
      'AccessKeyId',
      'secretKey',
      'apiKey',
      'api-key',
      'password',
      'refresh_token',
      'Authorization',
    ])
      expect(isCredentialName(name), name).toBe(true)
    for (const name of ['account', 'paramKey', 'signName', 'templateId', 'phones', 'remark'])
      expect(isCredentialName(name), name).toBe(false)
    expect(maskValue({ accessKey: 'LTAI', regionId: 'cn', signName: '园区' })).toEqual({
      accessKey: MASK,
      regionId: 'cn',
      signName: '园区',
    })
  })

  it('masks credential values in a URL, keeps the rest', () => {
    expect(
      maskUrl('/x/oauth/token?tenantId=1&username=a&password=abc&refresh_token=r%20t&grant_type=password'),
    ).toBe(`/x/oauth/token?tenantId=1&username=a&password=${MASK}&refresh_token=${MASK}&grant_type=password`)
    expect(maskUrl('/plain')).toBe('/plain')
  })

  it('an SMS configuration saved with its access key writes the key to no log', async () => {
    const t = await startTestApp()
    try {
      const park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
      const res = await t.app.inject({
        method: 'POST',
        url: '/xparkApi/blade-resource/sms/submit',
        headers: park,
        payload: {
          category: 2,
          smsCode: 'ali-log',
          templateId: 'T1',
          accessKey: 'LTAI5tPlainKey',
          secretKey: 's3cr3t',
          signName: '园区',
        },
      })
      expect(res.statusCode, res.body).toBe(200)
      await t.app.audit.flush()
      const [row] = await t.database.db
        .select()
        .from(logApi)
        .where(eq(logApi.requestUri, '/xparkApi/blade-resource/sms/submit'))
        .orderBy(desc(logApi.id))
      expect(row!.params).not.toContain('LTAI5tPlainKey')
      expect(row!.params).not.toContain('s3cr3t')
      expect(JSON.parse(row!.params).body).toMatchObject({
        accessKey: MASK,
        secretKey: MASK,
        signName: '园区',
      })
    } finally {
      await t.close()
    }
  })

  it('the process log keeps no password or refresh token from a request URL', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const t = await startTestApp()
    const app = await buildApp({
      // with the access log (XPARK_ACCESS_LOG=on): every request's URL is written
      config: { ...t.config, accessLog: true },
      database: t.database,
      cache: t.cache,
      signingSecret: t.signingSecret,
      logger: { level: 'info', stream },
    })
    try {
      await app.inject({
        method: 'POST',
        url: '/xparkApi/blade-auth/oauth/token',
        query: {
          grant_type: 'password',
          tenantId: '000000',
          username: 'admin',
          password: 'e10adc3949ba59abbe56e057f20f883e',
          refresh_token: 'rt-secret',
        },
        headers: { authorization: CONSOLE_BASIC },
      })
      const text = lines.join('')
      expect(text).toContain('/xparkApi/blade-auth/oauth/token?')
      expect(text).not.toContain('e10adc3949ba59abbe56e057f20f883e')
      expect(text).not.toContain('rt-secret')
    } finally {
      await app.close()
      await t.close()
    }
  })
})
