import { defineMessages, useMessages } from '@/i18n'

/** The regions screen's texts: registered when the feature's chunk loads. */
export const messages = defineMessages({
  'zh-CN': {
    // the contract's form messages (its schemas are this feature's only)
    'enter region code': '请输入区划编号',
    'enter region name': '请输入区划名称',
    'region.title': '区划',
    'region.tree': '行政区划',
    'region.code': '区划编号',
    'region.parentCode': '上级区划编号',
    'region.parentName': '上级区划',
    'region.name': '区划名称',
    'region.level': '区划等级',
    'region.level.1': '省份',
    'region.level.2': '地市',
    'region.level.3': '区县',
    'region.level.4': '乡镇',
    'region.level.5': '村委',
    'region.sort': '排序',
    'region.remark': '备注',
    'region.addChild': '新增下级',
    'region.codePrefix': '下级区划编号须以上级编号开头',
  },
  'en-US': {
    'enter region code': 'enter region code',
    'enter region name': 'enter region name',
    'region.title': 'region',
    'region.tree': 'Regions',
    'region.code': 'Code',
    'region.parentCode': 'Parent code',
    'region.parentName': 'Parent',
    'region.name': 'Name',
    'region.level': 'Level',
    'region.level.1': 'Province',
    'region.level.2': 'City',
    'region.level.3': 'District',
    'region.level.4': 'Town',
    'region.level.5': 'Village',
    'region.sort': 'Sort',
    'region.remark': 'Remark',
    'region.addChild': 'Add child',
    'region.codePrefix': 'A child code starts with its parent code',
  },
})

/** `t` over the central keys and this feature's. */
export const useBaseT = () => useMessages<typeof messages>()

export type BaseKey = Parameters<ReturnType<typeof useBaseT>>[0]
