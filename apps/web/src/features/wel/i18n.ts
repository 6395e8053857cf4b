import { defineMessages, useMessages } from '@/i18n'

/** The home page's and its configuration's texts. */
export const messages = defineMessages({
  'zh-CN': {
    'wel.greeting': '欢迎使用智慧园区管理平台',
    'wel.shortcuts': '快捷入口',
    'wel.noShortcuts': '暂无快捷入口',
    'home.config.title': '首页配置',
    'home.config.role': '角色',
    'home.config.cards': '首页卡片',
    'home.config.default': '默认',
    'home.config.save': '保存',
    'home.config.tip': '未配置的角色显示默认卡片; 一个人有多个角色时显示各角色卡片的并集',
  },
  'en-US': {
    'wel.greeting': 'Welcome to the Smart Park Console',
    'wel.shortcuts': 'Shortcuts',
    'wel.noShortcuts': 'No shortcuts yet',
    'home.config.title': 'Home page configuration',
    'home.config.role': 'Role',
    'home.config.cards': 'Home page cards',
    'home.config.default': 'Default',
    'home.config.save': 'Save',
    'home.config.tip':
      'A role without a configuration sees the default cards; a person with several roles sees the cards of all of them',
  },
})

/** `t` over the central keys and this feature's. */
export const useWelT = () => useMessages<typeof messages>()
