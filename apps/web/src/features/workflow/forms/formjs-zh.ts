import flatpickr from 'flatpickr'
import { english } from 'flatpickr/dist/l10n/default'
import { Mandarin } from 'flatpickr/dist/l10n/zh'

/**
 * form-js in Chinese. form-js 1.23 has no translation hook (bpmn-io/form-js#77 is open; unlike
 * bpmn-js it has no `translate` service): its viewer and editor write their texts in their
 * components. So, in the order of what the library allows:
 *
 * 1. validation messages: our own `validator` service (formjs.ts, the contract's rules and texts);
 * 2. the date picker: flatpickr's own locale (`localizeDatePicker`, set globally, as form-js passes
 *    flatpickr none);
 * 3. every other text (select and search placeholders, 添加/删除 of dynamic lists, paging, the
 *    editor's palette, properties panel, empty canvas): `translateFormJs` rewrites the library's
 *    English where it shows, text nodes and the `placeholder`, `title` and `aria-label` attributes,
 *    and keeps doing so as form-js re-renders (a MutationObserver). The designer's own texts (field
 *    labels, descriptions, text and HTML views, option labels) are left as written.
 */

/** The library's texts, exactly as form-js 1.23 writes them, and ours. */
export const FORMJS_ZH: Readonly<Record<string, string>> = {
  // viewer: fields
  Select: '请选择',
  Search: '搜索',
  'Remove tag': '移除',
  'Skip to search': '跳到搜索',
  Decrement: '减少',
  'Add new': '添加',
  Collapse: '收起',
  'Nothing to show.': '暂无数据',
  'Previous page': '上一页',
  'Next page': '下一页',
  Browse: '选择文件',
  'No files selected': '未选择文件',
  'Click to remove sorting': '点击取消排序',
  // viewer: the messages of its own checks (the rules are ours, see formjs.ts; these remain)
  'Date and time must both be entered.': '日期和时间都需要填写',
  'Field is required.': '此项不能为空',
  'Value is not a number.': '必须是数字',
  'Field must be a valid email.': '必须是邮箱地址',
  'Document reference is not defined.': '未设置文档引用',
  // editor: palette and canvas
  Components: '组件',
  'Search components': '搜索组件',
  'No components found.': '没有找到组件',
  Input: '输入',
  Selection: '选择',
  Presentation: '展示',
  Containers: '容器',
  Action: '操作',
  'Build your form': '设计表单',
  'Drag and drop components here to start designing.': '把组件拖到这里开始设计',
  'Drag and drop components here.': '把组件拖到这里',
  'Use the preview window to test your form.': '可在预览窗口中试填表单',
  'Remove form field': '删除字段',
  'Drop is not a valid target': '不能放在这里',
  // the components (palette entries, the properties panel's header)
  'Text field': '单行文本',
  'Text area': '多行文本',
  Number: '数字',
  'Date time': '日期时间',
  Checkbox: '复选框',
  'Checkbox group': '复选组',
  'Radio group': '单选组',
  'Tag list': '标签列表',
  'Text view': '文本',
  'HTML view': 'HTML',
  'Image view': '图片',
  Table: '表格',
  'Dynamic list': '动态列表',
  Group: '分组',
  Spacer: '空白',
  Separator: '分隔线',
  Button: '按钮',
  iFrame: '内嵌页面',
  Expression: '表达式',
  'File picker': '文件选择',
  'Document preview': '文档预览',
  Form: '表单',
  // properties panel: groups
  General: '常规',
  Validation: '校验',
  Appearance: '外观',
  Layout: '布局',
  Condition: '条件',
  Constraints: '约束',
  'Options source': '选项来源',
  'Static options': '固定选项',
  'Dynamic options': '动态选项',
  'Options expression': '选项表达式',
  'Custom properties': '自定义属性',
  Serialization: '序列化',
  'Security attributes': '安全属性',
  'Header items': '表头',
  'Headers source': '表头来源',
  Content: '内容',
  'List of items': '列表项',
  // properties panel: entries
  'Field label': '字段标签',
  'Group label': '分组标签',
  'Table label': '表格标签',
  Title: '标题',
  'Field description': '字段说明',
  Key: '字段标识',
  Path: '路径',
  'Default value': '默认值',
  Disabled: '禁用',
  'Read only': '只读',
  Required: '必填',
  'Minimum length': '最小长度',
  'Maximum length': '最大长度',
  Minimum: '最小值',
  Maximum: '最大值',
  'Validation pattern': '校验格式',
  'Custom regular expression': '自定义正则表达式',
  'Custom error message': '自定义错误提示',
  Custom: '自定义',
  Email: '邮箱',
  Phone: '电话',
  'Hide if': '隐藏条件',
  'Deactivate if': '停用条件',
  'Condition under which the field is hidden': '满足时隐藏此字段的条件',
  Columns: '列宽',
  Auto: '自动',
  Label: '标签',
  Value: '值',
  Text: '文本',
  Type: '类型',
  Subtype: '子类型',
  Prefix: '前缀',
  Suffix: '后缀',
  Searchable: '可搜索',
  'Decimal digits': '小数位数',
  Increment: '步长',
  'Output as string': '输出为字符串',
  'Allows arbitrary precision values': '允许任意精度的数值',
  'Date label': '日期标签',
  'Time label': '时间标签',
  'Use 24h': '24 小时制',
  'Time format': '时间格式',
  'Time interval': '时间间隔',
  'Disallow past dates': '不允许过去的日期',
  Checked: '已选',
  'Not checked': '未选',
  'Show outline': '显示边框',
  'Vertical alignment': '垂直对齐',
  Top: '顶部',
  Center: '居中',
  Bottom: '底部',
  Height: '高度',
  'Height of the container in pixels.': '容器高度 (像素)',
  'Image source': '图片来源',
  'Alternative text': '替代文本',
  'Descriptive text for screen reader accessibility.': '供读屏软件使用的说明文字',
  'Allow add/delete items': '允许添加和删除行',
  'Default number of items': '默认行数',
  'Disable collapse': '不折叠',
  'Number of non-collapsing items': '不折叠的行数',
  Repeatable: '可重复',
  Pagination: '分页',
  'Number of rows per page': '每页行数',
  'Data source': '数据来源',
  'Input values key': '输入数据的键',
  'Target value': '目标值',
  'Compute on': '计算时机',
  'Value changes': '值变化时',
  'Form submission': '提交表单时',
  Submit: '提交',
  Reset: '重置',
  'Upload multiple files': '允许多个文件',
  'Supported file formats': '支持的文件格式',
  'Binds to a form variable': '绑定到表单变量',
  'Where the child variables of this component are pathed to.': '此组件内字段的数据存放路径',
  'Version tag': '版本标签',
  'Learn more': '了解更多',
  'Clear content': '清空内容',
  'Open documentation': '打开文档',
  'Toggle section': '展开或收起',
  'Section contains an error': '此部分有错误',
  'Section contains edits': '此部分已修改',
  'Toggle list item': '展开或收起',
  'Delete item': '删除',
  'Create new list item': '新增',
  '<empty>': '<空>',
  // properties panel: its checks
  'Must not be empty.': '不能为空',
  'Must not be empty': '不能为空',
  'Must be unique.': '不能重复',
  'Must not contain spaces.': '不能包含空格',
  'Must be a variable or a dot separated path.': '必须是变量名或以点分隔的路径',
  'Must not contain numerical path segments.': '路径中不能有纯数字的段',
  'Must not cause two binding paths to collide': '不能与其他字段的数据路径冲突',
  'Must not be a prohibited path.': '不能使用此路径',
  'Must be number': '必须是数字',
  'Should be a valid number': '必须是有效数字',
  'Should be a valid number.': '必须是有效数字',
  'Should be an integer.': '必须是整数',
  'Should be greater than zero.': '必须大于零',
  'Should be greater than or equal to zero.': '必须大于或等于零',
  'A number is required.': '需要填写数字',
  'Value must be a number.': '必须是数字',
}

/** Texts with a part of their own (a count, a field's label). */
const PATTERNS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^Expand all \((\d+)\)$/, (m) => `展开全部 (${m[1]})`],
  [/^Remove list item (\d+)$/, (m) => `删除第 ${m[1]} 行`],
  [/^Click to sort by (.+) ascending$/, (m) => `按 ${m[1]} 升序排列`],
  [/^Click to sort by (.+) descending$/, (m) => `按 ${m[1]} 降序排列`],
  [/^Download (.+)$/, (m) => `下载 ${m[1]}`],
  [/^List contains (\d+) items?$/, (m) => `共 ${m[1]} 项`],
]

/** A library text in Chinese, or undefined for one it does not write (the designer's own). */
export function formJsZh(text: string): string | undefined {
  const trimmed = text.trim()
  if (!trimmed) return undefined
  const exact = FORMJS_ZH[trimmed]
  if (exact !== undefined) return text.replace(trimmed, exact)
  for (const [pattern, zh] of PATTERNS) {
    const m = trimmed.match(pattern)
    if (m) return text.replace(trimmed, zh(m))
  }
  return undefined
}

/** Where the designer's own texts show (labels, descriptions, text and HTML views): left alone. */
const OWN_TEXT = [
  '.fjs-form-field-label',
  '.fjs-form-field-description',
  '.fjs-form-field-text',
  '.fjs-form-field-html',
  '.fjs-form-field-image',
  '.markup',
  '.fjs-select-display:not(.fjs-select-placeholder)',
  '.fjs-taglist-tag',
  '.bio-properties-panel-header-label',
  '.bio-properties-panel-collapsible-entry-header-title',
  'textarea',
  '[contenteditable]',
  '.cm-editor',
].join(',')
const ATTRIBUTES = ['placeholder', 'title', 'aria-label']

/** Where a text names a component (the palette, the panel's header), not a placeholder: `Select`. */
const COMPONENT_NAME = '.fjs-palette-field,.bio-properties-panel-header-type'
const COMPONENT_ZH: Readonly<Record<string, string>> = { Select: '下拉选择' }

function translateText(node: Text) {
  const parent = node.parentElement
  if (!parent || parent.closest(OWN_TEXT)) return
  const named = parent.closest(COMPONENT_NAME) ? COMPONENT_ZH[node.data.trim()] : undefined
  const zh = named ?? formJsZh(node.data)
  if (zh !== undefined && zh !== node.data) node.data = zh
}

/** Where an attribute's text means another thing than the same text shown (a number field's spin button). */
const ATTRIBUTE_ZH: Readonly<Record<string, string>> = { Increment: '增加' }

function translateAttributes(element: Element) {
  if (element.closest('.fjs-form-field-label,.markup')) return
  for (const name of ATTRIBUTES) {
    const value = element.getAttribute(name)
    const zh = value ? (ATTRIBUTE_ZH[value] ?? formJsZh(value)) : undefined
    if (zh !== undefined && zh !== value) element.setAttribute(name, zh)
  }
}

function translateTree(root: Node) {
  if (root.nodeType === Node.TEXT_NODE) return translateText(root as Text)
  if (root.nodeType !== Node.ELEMENT_NODE) return
  translateAttributes(root as Element)
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) translateText(n as Text)
    else translateAttributes(n as Element)
  }
}

/**
 * Show form-js's texts under `root` in Chinese, now and whenever form-js renders again (its rewrites
 * of a text or an attribute come back to the observer, which puts the Chinese back). Answers the
 * function that stops it.
 */
export function translateFormJs(root: HTMLElement): () => void {
  translateTree(root)
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') r.addedNodes.forEach(translateTree)
      else if (r.type === 'characterData') translateText(r.target as Text)
      else if (r.target.nodeType === Node.ELEMENT_NODE) translateAttributes(r.target as Element)
    }
  })
  observer.observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ATTRIBUTES,
  })
  return () => observer.disconnect()
}

/** The date picker's months, weekdays and buttons in the console's language (flatpickr's global locale). */
export function localizeDatePicker(chinese: boolean): void {
  flatpickr.localize(chinese ? Mandarin : english)
}
