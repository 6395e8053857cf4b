import { defineMessages, useMessages } from '@/i18n'

/** The application screens' texts: registered when the feature's chunk loads. */
export const messages = defineMessages({
  'zh-CN': {
    // the contract's form messages (its schemas are this feature's only)
    'please enter app name': '请输入应用名称',
    'platform must be android or ios': '请选择平台',
    'please enter version name': '请输入版本名称',
    'please enter version code': '请输入版本号',
    'please enter image url': '请输入图片地址',
    'appInfo.title': 'APP版本',
    'appInfo.appName': '应用名称',
    'appInfo.platform': '平台',
    'appInfo.versionName': '版本名称',
    'appInfo.versionCode': '版本号',
    'appInfo.downloadUrl': '下载地址',
    'appInfo.releaseNotes': '更新说明',
    'appInfo.forceUpdate': '强制更新',
    'appInfo.releaseTime': '发布时间',
    'app.status': '状态',
    'app.enabled': '启用',
    'app.disabled': '停用',
    'appStartup.title': '启动页',
    'appStartup.name': '标题',
    'appStartup.imageUrl': '图片地址',
    'appStartup.linkUrl': '链接地址',
    'appStartup.sort': '排序',
    'appStartup.startTime': '开始时间',
    'appStartup.endTime': '结束时间',
    'appStartup.timeHint': '留空为不限',
  },
  'en-US': {
    'please enter app name': 'please enter app name',
    'platform must be android or ios': 'platform must be android or ios',
    'please enter version name': 'please enter version name',
    'please enter version code': 'please enter version code',
    'please enter image url': 'please enter image url',
    'appInfo.title': 'App release',
    'appInfo.appName': 'App name',
    'appInfo.platform': 'Platform',
    'appInfo.versionName': 'Version name',
    'appInfo.versionCode': 'Version code',
    'appInfo.downloadUrl': 'Download URL',
    'appInfo.releaseNotes': 'Release notes',
    'appInfo.forceUpdate': 'Force update',
    'appInfo.releaseTime': 'Released',
    'app.status': 'Status',
    'app.enabled': 'Enabled',
    'app.disabled': 'Disabled',
    'appStartup.title': 'Startup page',
    'appStartup.name': 'Title',
    'appStartup.imageUrl': 'Image URL',
    'appStartup.linkUrl': 'Link URL',
    'appStartup.sort': 'Sort',
    'appStartup.startTime': 'Start time',
    'appStartup.endTime': 'End time',
    'appStartup.timeHint': 'empty: no limit',
  },
})

/** `t` over the central keys and this feature's. */
export const useAppT = () => useMessages<typeof messages>()

export type AppKey = Parameters<ReturnType<typeof useAppT>>[0]
