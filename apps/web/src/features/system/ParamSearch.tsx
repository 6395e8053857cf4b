import { SearchOutlined, UndoOutlined } from '@ant-design/icons'
import { Button, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { dropEmpty, type ParamFilter } from './api'

/** Search by name and key; empty values are dropped before the caller sees them. */
export function ParamSearch({ onSearch }: { onSearch: (filter: ParamFilter) => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<ParamFilter>()
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={(v) => onSearch(dropEmpty({ ...v }))}
      style={{ marginBottom: 12, rowGap: 8 }}
      data-testid="param-search"
    >
      <Form.Item name="paramName" label={t('param.name')}>
        <Input allowClear data-testid="param-search-name" />
      </Form.Item>
      <Form.Item name="paramKey" label={t('param.key')}>
        <Input allowClear data-testid="param-search-key" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="param-search-submit">
          {t('common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<UndoOutlined />}
          onClick={() => {
            form.resetFields()
            onSearch({})
          }}
        >
          {t('common.reset')}
        </Button>
      </Form.Item>
    </Form>
  )
}
