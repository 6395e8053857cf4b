import { queryOptions } from '@tanstack/react-query'
import type { UserInfo } from '@xpark/contract'
import { getData, postData } from './http'
import { md5Hex } from './md5'

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
