import { DictScreen } from './DictScreen'

/** 字典管理 (/system/dict). */
export default function DictPage() {
  return <DictScreen kind="dict" layout="vertical" />
}
