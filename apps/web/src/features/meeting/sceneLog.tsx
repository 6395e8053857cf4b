import { type SceneLogRow, sceneLogContract } from '@xpark/contract/modules/meeting'
import { fromContract } from '@/components/crud'
import './i18n'

/** 场景日志 (the meeting rooms' scene log): what each meeting-room scene run did. */
export default fromContract<SceneLogRow>(sceneLogContract, {
  title: 'scene.log',
  columns: [
    { prop: 'sceneName', label: 'scene.name', search: 'input' },
    {
      prop: 'result',
      label: 'scene.result',
      search: 'select',
      form: { type: 'select' },
      options: [
        { label: 'scene.ok', value: 1 },
        { label: 'scene.failed', value: 0 },
        { label: 'scene.partial', value: 2 },
      ],
    },
    {
      prop: 'source',
      label: 'scene.source',
      search: 'select',
      form: false,
      options: [
        { label: 'scene.byHand', value: 'WEB' },
        { label: 'scene.byLinkage', value: 'LINKAGE' },
      ],
    },
    { prop: 'content', label: 'scene.content', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'createTime', label: 'scene.createTime', form: false },
  ],
})
