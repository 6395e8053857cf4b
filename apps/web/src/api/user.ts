import { queryOptions } from '@tanstack/react-query'
import type { UserInfo } from '@xpark/contract'
import { getData, postData } from './http'
import { md5Hex } from './md5'
import { uploadFile } from './transfer'

export const fetchUserInfo = () => getData<UserInfo>('blade-user/info')

export const userInfoQuery = () => queryOptions({ queryKey: ['blade-user', 'info'], queryFn: fetchUserInfo })

/** Passwords travel as MD5 hex, like the login. */
export async function updatePassword(oldPassword: string, newPassword: string, newPassword1: string) {
  return postData<unknown>('blade-user/update-password', {
    oldPassword: await md5Hex(oldPassword),
    newPassword: await md5Hex(newPassword),
    newPassword1: await md5Hex(newPassword1),
  })
}

/** The signed-in user's own profile fields (`blade-user/update-info`). */
export const updateInfo = (values: {
  avatar?: string
  name: string
  realName: string
  phone: string
  email?: string
}) => postData<unknown>('blade-user/update-info', undefined, values)

/**
 * Upload a new avatar (jpg/png ≤ 500 KB, checked again on the server) and return its link; the
 * profile form saves it with the other fields.
 */
export async function uploadAvatar(file: File): Promise<string> {
  return (await uploadFile<{ link: string }>('blade-user/avatar', file)).link
}

export interface SwitchableTenant {
  tenantId: string
  tenantName: string
  account: string
}

/** The tenants the signed-in user may switch into (tenant switch grants). */
export const switchableTenantsQuery = () =>
  queryOptions({
    queryKey: ['blade-user', 'tenant'],
    queryFn: () => getData<SwitchableTenant[]>('blade-user/tenant'),
    staleTime: 60_000,
  })

/**
 * Own password by SMS code (`blade-user/smsForUpdate-password`): the phone alone sends the code to
 * the account's own phone; with the code and the new password (MD5 hex, twice) it changes it.
 */
export const sendPasswordSms = (phone: string) =>
  postData<{ phone: string; expireSeconds: number }>('blade-user/smsForUpdate-password', { phone })

export async function updatePasswordBySms(
  phone: string,
  phoneCode: string,
  newPassword: string,
  newPassword1: string,
) {
  return postData<unknown>('blade-user/smsForUpdate-password', {
    phone,
    phoneCode,
    newPassword: await md5Hex(newPassword),
    newPassword1: await md5Hex(newPassword1),
  })
}
