import { DictScreen } from './DictScreen'

/** 业务字典 (/system/dictbiz). */
export default function DictBizPage() {
  return <DictScreen kind="dict-biz" layout="vertical" />
}
