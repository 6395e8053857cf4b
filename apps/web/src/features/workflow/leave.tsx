import { LEAVE_STATUS, type LeaveRow, workflowLeaveContract } from '@xpark/contract/modules/workflow-process'
import { fromContract } from '@/components/crud'
import { OpenPageButton } from './designer/OpenPageButton'
import './detail/i18n'
import './i18n'

/**
 * 请假申请: the caller's leave requests (the kit's `workflow` declaration on the server: a new request
 * starts the `park_leave` process, its status follows it, running or approved ones are read-only);
 * anyone signed in may ask. A request opens its 流程详情. Approved requests reach attendance.
 */
export default fromContract<LeaveRow>(workflowLeaveContract, {
  title: 'workflow.leave',
  shows: ['workflow_task'],
  actions: { view: false, copy: false, bulkDelete: false },
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
      prop: 'approvalStatus',
      label: 'workflow.status',
      width: 90,
      search: 'select',
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
  rowExtra: (row) =>
    row.processInstanceId ? (
      <OpenPageButton
        label="wfx.detail"
        title="wfx.title"
        path={`/workflow/process/detail/${row.processInstanceId}`}
        testId={`workflow-leave-detail-${row.id}`}
      />
    ) : null,
  rowExtraCount: 1,
})
