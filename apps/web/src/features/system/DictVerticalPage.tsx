import { DictScreen } from './DictScreen'

/** 字典管理, stacked (/dict-vertical/index). */
export default function DictVerticalPage() {
  return <DictScreen kind="dict" layout="vertical" />
}
