import { queryOptions } from '@tanstack/react-query'
import type { UserInfo } from '@xpark/contract'
import {
  avatarCall,
  smsPasswordCall,
  type TenantGrantRow,
  type UserInfoForm,
  updateInfoCall,
  updatePasswordCall,
  userContract,
  userInfoCall,
  userTenantsCall,
} from '@xpark/contract/schemas'
import { callApi, uploadCall } from './calls'
import { md5Hex } from './md5'

/**
 * The signed-in user's own calls. The declarations come from the system contracts (zod): this file
 * is the shell's, loaded after sign-in, never by the sign-in page.
 */

export const fetchUserInfo = (): Promise<UserInfo> => callApi(userInfoCall)

// under the user resource's code: a write on the user screen (one's own account) refreshes it
export const userInfoQuery = () =>
  queryOptions({ queryKey: [userContract.code, 'info'], queryFn: fetchUserInfo })

/** Passwords travel as MD5 hex, like the login. */
export async function updatePassword(oldPassword: string, newPassword: string, newPassword1: string) {
  return callApi(updatePasswordCall, {
    oldPassword: await md5Hex(oldPassword),
    newPassword: await md5Hex(newPassword),
    newPassword1: await md5Hex(newPassword1),
  })
}

/** The signed-in user's own profile fields. */
export const updateInfo = (values: UserInfoForm) => callApi(updateInfoCall, values)

/**
 * Upload a new avatar (jpg/png ≤ 500 KB, checked again on the server) and return its link; the
 * profile form saves it with the other fields.
 */
export async function uploadAvatar(file: File): Promise<string> {
  return (await uploadCall(avatarCall, file)).link
}

export type SwitchableTenant = TenantGrantRow

/** The tenants the signed-in user may switch into (tenant switch grants). */
export const switchableTenantsQuery = () =>
  queryOptions({
    queryKey: [userContract.code, 'tenant'],
    queryFn: () => callApi(userTenantsCall),
    staleTime: 60_000,
  })

/**
 * Own password by SMS code (`smsPasswordCall`): the phone alone sends the code to
 * the account's own phone; with the code and the new password (MD5 hex, twice) it changes it.
 */
export const sendPasswordSms = (phone: string) => callApi(smsPasswordCall, { phone })

export async function updatePasswordBySms(
  phone: string,
  phoneCode: string,
  newPassword: string,
  newPassword1: string,
) {
  return callApi(smsPasswordCall, {
    phone,
    phoneCode,
    newPassword: await md5Hex(newPassword),
    newPassword1: await md5Hex(newPassword1),
  })
}
