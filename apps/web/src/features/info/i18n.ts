import { defineMessages, useMessages } from '@/i18n'

/** The profile screen's texts: registered when the feature's chunk loads. */
export const messages = defineMessages({
  'zh-CN': {
    'profile.info': '个人信息',
    'profile.avatar': '头像',
    'profile.avatarHint': '只能上传 jpg/png 文件,且不超过 500kb',
    'profile.avatarType': '上传头像图片只能是 JPG/PNG 格式!',
    'profile.avatarSize': '上传头像图片大小不能超过 500kb!',
    'profile.account': '用户名',
    'profile.realName': '姓名',
    'profile.name': '昵称',
    'profile.tooLong': '最多 {{max}} 个字符',
    'password.bySms': '短信验证修改',
    'password.smsCode': '短信验证码',
    'password.smsCodeRequired': '请输入短信验证码',
    'password.sendCode': '获取验证码',
    'password.resend': '{{seconds}} 秒后重发',
    'password.codeSent': '验证码已发送',
  },
  'en-US': {
    'profile.info': 'Personal info',
    'profile.avatar': 'Avatar',
    'profile.avatarHint': 'jpg/png only, at most 500 KB',
    'profile.avatarType': 'The avatar must be a JPG or PNG image',
    'profile.avatarSize': 'The avatar must not exceed 500 KB',
    'profile.account': 'Username',
    'profile.realName': 'Name',
    'profile.name': 'Nickname',
    'profile.tooLong': 'At most {{max}} characters',
    'password.bySms': 'Change by SMS code',
    'password.smsCode': 'SMS code',
    'password.smsCodeRequired': 'Please enter the SMS code',
    'password.sendCode': 'Send code',
    'password.resend': 'Resend in {{seconds}} s',
    'password.codeSent': 'Code sent',
  },
})

/** `t` over the central keys and this feature's. */
export const useInfoT = () => useMessages<typeof messages>()

export type InfoKey = Parameters<ReturnType<typeof useInfoT>>[0]
