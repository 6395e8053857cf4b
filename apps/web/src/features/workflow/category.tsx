import { workflowCategoryContract } from '@xpark/contract/modules/workflow-design'
import { codedTreeScreen } from '@/components/crud'
import './i18n'

/** 流程分类: the coded tree the models, forms and deployments are filed under. */
export default codedTreeScreen(workflowCategoryContract, { title: 'workflow.category', texts: 'workflow' })
