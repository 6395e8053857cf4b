import type { AuthInfoForm, AuthInfoView } from '@xpark/contract/modules/intercom'
import { and, eq } from 'drizzle-orm'
import { DEMO_ACCOUNT } from '../../adapters/intercom/simulator.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { badRequest } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import type { SecretBox } from '../../core/secret-box.js'
import type { EgressPolicy } from '../../core/storage/egress.js'
import type { Database } from '../../db/client.js'
import { intercomAuth } from './schema.js'
import { type CredentialStore, type DispatcherCredentials, md5 } from './session.js'

/**
 * Dispatcher auth info per tenant (spec 01 §3), sealed at rest. `load` gives the session manager the
 * clear credentials; the console only ever sees `view` (which secrets are set, never their values).
 * With no row, a tenant uses the embedded simulator's demo account when the simulator runs.
 */
export interface Fallback {
  /** XPARK_INTERCOM_BASE, or the embedded simulator's URL */
  base: () => string
  /** the embedded simulator runs: a tenant without auth info uses its demo account */
  demo: boolean
}

export class AuthInfoStore implements CredentialStore {
  constructor(
    private readonly database: Database,
    private readonly secrets: SecretBox,
    private readonly fallback: Fallback,
    private readonly egress: EgressPolicy,
  ) {}

  private async row(tenantId: string) {
    const [row] = await this.database.db
      .select()
      .from(intercomAuth)
      .where(and(eq(intercomAuth.tenantId, tenantId), eq(intercomAuth.isDeleted, 0)))
      .limit(1)
    return row
  }

  private open(value: string): string {
    return value ? (this.secrets.open(value) ?? '') : ''
  }

  async load(tenantId: string): Promise<DispatcherCredentials | null> {
    const row = await this.row(tenantId)
    if (!row) {
      if (!this.fallback.demo) return null
      return {
        base: this.fallback.base(),
        ...DEMO_ACCOUNT,
        dispatcherPwdSecret: md5(DEMO_ACCOUNT.dispatcherPwd),
      }
    }
    const base = row.url || this.fallback.base()
    if (!base) return null
    return {
      base,
      customId: row.customId,
      customPwdSecret: this.open(row.customPwdSecret),
      dispatcherId: row.dispatcherId,
      dispatcherPwd: this.open(row.dispatcherPwd),
      dispatcherPwdSecret: this.open(row.dispatcherPwdSecret),
    }
  }

  async savePassword(tenantId: string, dispatcherPwd: string, dispatcherPwdSecret: string): Promise<void> {
    const row = await this.row(tenantId)
    const sealed = {
      dispatcherPwd: this.secrets.seal(dispatcherPwd),
      dispatcherPwdSecret: this.secrets.seal(dispatcherPwdSecret),
      updateTime: new Date(),
    }
    if (row) {
      await this.database.db.update(intercomAuth).set(sealed).where(eq(intercomAuth.id, row.id))
      return
    }
    // the demo account rotated: from now on the tenant keeps its own row
    await this.database.db.insert(intercomAuth).values({
      id: nextId(),
      tenantId,
      customId: DEMO_ACCOUNT.customId,
      customPwdSecret: this.secrets.seal(DEMO_ACCOUNT.customPwdSecret),
      dispatcherId: DEMO_ACCOUNT.dispatcherId,
      ...sealed,
    })
  }

  async view(tenantId: string, customId?: string): Promise<AuthInfoView | null> {
    const row = await this.row(tenantId)
    if (!row || (customId && row.customId !== customId)) return null
    return {
      id: row.id,
      url: row.url,
      hostIp: row.hostIp,
      customId: row.customId,
      dispatcherId: row.dispatcherId,
      customPwdSecretSet: row.customPwdSecret !== '',
      dispatcherPwdSet: row.dispatcherPwd !== '',
      dispatcherPwdSecretSet: row.dispatcherPwdSecret !== '',
    }
  }

  /** Create or change the tenant's row; an empty secret keeps the stored one. */
  async update(auth: AuthContext, form: AuthInfoForm): Promise<void> {
    const url = form.url ?? ''
    if (url && this.egress.refusesHost(new URL(url).hostname))
      throw badRequest(`对讲平台地址不允许: ${new URL(url).hostname}`)
    await this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(intercomAuth)
        .where(and(eq(intercomAuth.tenantId, auth.tenantId), eq(intercomAuth.isDeleted, 0)))
        .for('update')
      const seal = (v: string | undefined, kept: string | undefined) =>
        v ? this.secrets.seal(v) : (kept ?? '')
      // a new dispatcher password without its secret: the secret is its md5 (what the platform checks)
      const pwdSecret = form.dispatcherPwdSecret || (form.dispatcherPwd ? md5(form.dispatcherPwd) : undefined)
      const values = {
        url,
        hostIp: form.hostIp ?? '',
        customId: form.customId,
        dispatcherId: form.dispatcherId,
        customPwdSecret: seal(form.customPwdSecret, row?.customPwdSecret),
        dispatcherPwd: seal(form.dispatcherPwd, row?.dispatcherPwd),
        dispatcherPwdSecret: seal(pwdSecret, row?.dispatcherPwdSecret),
        updateUser: auth.userId,
        updateTime: new Date(),
      }
      if (!values.customPwdSecret || !values.dispatcherPwd)
        throw badRequest('please enter customPwdSecret and dispatcherPwd')
      if (row) await tx.update(intercomAuth).set(values).where(eq(intercomAuth.id, row.id))
      else
        await tx.insert(intercomAuth).values({
          id: nextId(),
          tenantId: auth.tenantId,
          createUser: auth.userId,
          ...values,
        })
    })
  }
}
