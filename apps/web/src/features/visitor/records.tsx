import type { AccessRecordRow } from '@xpark/contract/modules/visitor'
import { Image } from 'antd'
import type { CrudColumn } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import './i18n'

function PassedText({ passed }: { passed: boolean }) {
  const tr = useTr()
  return <span>{tr(passed ? 'visitor.let' : 'visitor.refused')}</span>
}

/** The columns face and door records share (the snapshot by its signed link, while kept). */
export const recordColumns: CrudColumn<AccessRecordRow>[] = [
  { prop: 'passTime', label: 'visitor.passTime', width: 170, form: false },
  { prop: 'personName', label: 'visitor.person', search: 'input', width: 100, form: false },
  {
    prop: 'personType',
    label: 'visitor.personType',
    dict: 'access_person_type',
    search: 'select',
    width: 90,
    form: false,
  },
  { prop: 'phone', label: 'visitor.phone', width: 130, form: false },
  { prop: 'machineName', label: 'visitor.machine', width: 140, form: false },
  { prop: 'area', label: 'visitor.area', search: 'input', width: 120, form: false },
  { prop: 'method', label: 'visitor.method', dict: 'door_open_method', width: 90, form: false },
  {
    prop: 'passed',
    label: 'visitor.passed',
    width: 80,
    form: false,
    render: (value) => <PassedText passed={value === 1} />,
  },
  { prop: 'similarity', label: 'visitor.similarity', width: 80, form: false },
  {
    prop: 'photoUrl',
    label: 'visitor.photo',
    width: 80,
    form: false,
    render: (_value, row) => (row.photoUrl ? <Image src={row.photoUrl} width={40} /> : null),
  },
]
