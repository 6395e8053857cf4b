import {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BugOutlined,
  CarOutlined,
  CloudOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  HomeOutlined,
  IdcardOutlined,
  MenuOutlined,
  MessageOutlined,
  MobileOutlined,
  PaperClipOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'

/**
 * Menu `source` → icon. Menus carry BladeX icon class names ('iconfont iconicon_setting'); matching
 * on a keyword keeps the bundle to a handful of icons instead of the whole icon set.
 */
const byKeyword: [RegExp, ReactNode][] = [
  // the antd names the seed uses first (`ApartmentOutlined`…), then BladeX-style keywords
  [/apartment|dept/i, <ApartmentOutlined key="apartment" />],
  [/idcard|post|solution/i, <IdcardOutlined key="idcard" />],
  [/book|read|dict/i, <BookOutlined key="book" />],
  [/^api|interface/i, <ApiOutlined key="api" />],
  [/bug|error/i, <BugOutlined key="bug" />],
  [/cluster|tenant|proxy/i, <ClusterOutlined key="cluster" />],
  [/database|datasource|scope/i, <DatabaseOutlined key="database" />],
  [/environment|region|map/i, <EnvironmentOutlined key="environment" />],
  [/mobile|phone/i, <MobileOutlined key="mobile" />],
  [/paperclip|attach/i, <PaperClipOutlined key="attach" />],
  [/cloud|oss|storage/i, <CloudOutlined key="cloud" />],
  [/safety|authority|security/i, <SafetyOutlined key="safety" />],
  [/thunderbolt|shortcut/i, <ThunderboltOutlined key="shortcut" />],
  [/setting|system|config/i, <SettingOutlined key="setting" />],
  [/user|person|profile/i, <UserOutlined key="user" />],
  [/team|group|role|dept/i, <TeamOutlined key="team" />],
  [/home|index|wel/i, <HomeOutlined key="home" />],
  [/dashboard|monitor/i, <DashboardOutlined key="dashboard" />],
  [/chart|report|stat/i, <BarChartOutlined key="chart" />],
  [/car|park|vehicle/i, <CarOutlined key="car" />],
  [/shop|store|commodity|goods/i, <ShopOutlined key="shop" />],
  [/alarm|alert|warn/i, <AlertOutlined key="alarm" />],
  [/message|notice|notif|mail/i, <MessageOutlined key="message" />],
  [/log|doc|file|text/i, <FileTextOutlined key="file" />],
  [/tool|develop/i, <ToolOutlined key="tool" />],
  [/bank|finance|pay/i, <BankOutlined key="bank" />],
  [/app|module|resource/i, <AppstoreOutlined key="app" />],
]

export function menuIcon(source: string | undefined): ReactNode {
  if (!source) return <MenuOutlined />
  return byKeyword.find(([re]) => re.test(source))?.[1] ?? <MenuOutlined />
}
