import { CrudPage } from '@/components/crud'
import { datasourceResource } from './datasource'

/** 数据源管理: the datasources tenants may be bound to (tenant page → 数据源). */
export default function DatasourcePage() {
  return <CrudPage resource={datasourceResource} formDefaults={{ driverClass: 'org.postgresql.Driver' }} />
}
