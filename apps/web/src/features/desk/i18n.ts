import { defineMessages, useMessages } from '@/i18n'

/** The notice and shortcut screens' texts: registered when the feature's chunk loads. */
export const messages = defineMessages({
  'zh-CN': {
    // the contract's form messages (its schemas are this feature's only)
    'please enter notice title': '请输入通知标题',
    'please select notice type': '请选择通知类型',
    'release time: yyyy-MM-dd HH:mm:ss': '通知时间格式: yyyy-MM-dd HH:mm:ss',
    'content: at most 200000 characters': '通知内容最多200000个字符',
    'please enter shortcut name': '请输入名称',
    'please enter shortcut path': '请输入路径',
    'shortcut path must be a console path (/…) or an http(s) address':
      '路径必须是控制台路由 (/…) 或 http(s) 地址',
    'notice.title': '通知公告',
    'notice.none': '暂无通知公告',
    'notice.name': '通知标题',
    'notice.category': '通知类型',
    'notice.releaseTime': '通知时间',
    'notice.content': '通知内容',
    'notice.preview': '预览',
    'notice.previewHint': '预览不运行脚本; 保存时服务器会清理内容 (只保留安全的标签)',
    'shortcut.title': '快捷方式',
    'shortcut.name': '名称',
    'shortcut.path': '路径',
    'shortcut.pathHint': '控制台路由 (如 /system/user) 或 http(s) 地址; 选择菜单时自动填写',
    'shortcut.menu': '菜单',
    'shortcut.source': '图标',
    'shortcut.sort': '排序',
  },
  'en-US': {
    'please enter notice title': 'please enter notice title',
    'please select notice type': 'please select notice type',
    'release time: yyyy-MM-dd HH:mm:ss': 'release time: yyyy-MM-dd HH:mm:ss',
    'content: at most 200000 characters': 'content: at most 200000 characters',
    'please enter shortcut name': 'please enter shortcut name',
    'please enter shortcut path': 'please enter shortcut path',
    'shortcut path must be a console path (/…) or an http(s) address':
      'shortcut path must be a console path (/…) or an http(s) address',
    'notice.title': 'notice',
    'notice.none': 'No notices',
    'notice.name': 'Title',
    'notice.category': 'Type',
    'notice.releaseTime': 'Release time',
    'notice.content': 'Content',
    'notice.preview': 'Preview',
    'notice.previewHint':
      'The preview runs no scripts; the server cleans the content when it is saved (safe tags only)',
    'shortcut.title': 'Shortcut',
    'shortcut.name': 'Name',
    'shortcut.path': 'Path',
    'shortcut.pathHint':
      'a console route (such as /system/user) or an http(s) address; filled in when a menu is picked',
    'shortcut.menu': 'Menu',
    'shortcut.source': 'Icon',
    'shortcut.sort': 'Sort',
  },
})

/** `t` over the central keys and this feature's. */
export const useDeskT = () => useMessages<typeof messages>()

export type DeskKey = Parameters<ReturnType<typeof useDeskT>>[0]
