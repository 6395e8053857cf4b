import '@bpmn-io/form-js/dist/assets/form-js.css'
import '@bpmn-io/form-js/dist/assets/form-js-editor.css'
import '@bpmn-io/form-js/dist/assets/properties-panel.css'

/** The form-js editor with its CSS: the chunk only 表单设计's 设计 dialog loads. */
export { FormEditor } from '@bpmn-io/form-js'
export { translateFormJs } from './formjs-zh'
