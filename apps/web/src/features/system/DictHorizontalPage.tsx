import { DictScreen } from './DictScreen'

/** 字典管理, side by side (/dict-horizontal/index). */
export default function DictHorizontalPage() {
  return <DictScreen kind="dict" layout="horizontal" />
}
