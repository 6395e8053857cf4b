import {
  LEAVE_STATUS,
  LeaveForm,
  type LeaveRow,
  leaveListCall,
  leaveSubmitCall,
} from '@xpark/contract/modules/workflow-process'
import type { z } from 'zod'
import type { CrudResource } from '@/components/crud'
import './i18n'

type Row = z.output<typeof LeaveRow>

// the list and the request are one path (GET and POST): its parent and its last segment
const base = leaveListCall.path.split('/')

/**
 * 请假申请: the caller's leave requests with their process status; 新增 starts the `park_leave`
 * process (anyone signed in: the request is their own). Approved requests reach attendance.
 */
const leave: CrudResource<Row> = {
  path: base.slice(0, -1).join('/'),
  pagePath: base.at(-1) ?? 'leave',
  routes: { save: leaveSubmitCall.path },
  permissionPrefix: 'workflow_leave',
  queryCode: 'workflow_leave',
  shows: ['workflow_task'],
  title: 'workflow.leave',
  formSchema: LeaveForm,
  signedIn: ['add'],
  actions: { view: false, edit: false, copy: false, delete: false, bulkDelete: false },
  columns: [
    { prop: 'leaveType', label: 'workflow.leaveType', width: 110, form: { span: 12 } },
    {
      prop: 'days',
      label: 'workflow.days',
      width: 70,
      form: { type: 'number', span: 12, props: { min: 1, max: 365 } },
    },
    { prop: 'startTime', label: 'workflow.startTime', width: 170, form: { type: 'date', span: 12 } },
    { prop: 'endTime', label: 'workflow.endTime', width: 170, form: { type: 'date', span: 12 } },
    { prop: 'reason', label: 'workflow.reason', ellipsis: true, form: { type: 'textarea' } },
    {
      prop: 'status',
      label: 'workflow.status',
      width: 90,
      options: [
        { label: 'workflow.leaveRunning', value: LEAVE_STATUS.running },
        { label: 'workflow.leaveApproved', value: LEAVE_STATUS.approved },
        { label: 'workflow.leaveRejected', value: LEAVE_STATUS.rejected },
        { label: 'workflow.leaveCancelled', value: LEAVE_STATUS.cancelled },
      ],
      form: false,
    },
    { prop: 'createTime', label: 'workflow.createTime', width: 170, form: false },
  ],
}
export default leave
