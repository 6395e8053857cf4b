import {
  AlertOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  CarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  MenuOutlined,
  MessageOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'

/**
 * Menu `source` → icon. Menus carry BladeX icon class names ('iconfont iconicon_setting'); matching
 * on a keyword keeps the bundle to a handful of icons instead of the whole icon set.
 */
const byKeyword: [RegExp, ReactNode][] = [
  [/setting|system|config/i, <SettingOutlined key="setting" />],
  [/user|person|profile/i, <UserOutlined key="user" />],
  [/team|group|role|dept/i, <TeamOutlined key="team" />],
  [/home|index|wel/i, <HomeOutlined key="home" />],
  [/dashboard|monitor/i, <DashboardOutlined key="dashboard" />],
  [/chart|report|stat/i, <BarChartOutlined key="chart" />],
  [/car|park|vehicle/i, <CarOutlined key="car" />],
  [/shop|store|commodity|goods/i, <ShopOutlined key="shop" />],
  [/alarm|alert|warn/i, <AlertOutlined key="alarm" />],
  [/message|notice|mail/i, <MessageOutlined key="message" />],
  [/log|doc|file|text/i, <FileTextOutlined key="file" />],
  [/tool|tenant|develop/i, <ToolOutlined key="tool" />],
  [/bank|finance|pay/i, <BankOutlined key="bank" />],
  [/app|module|resource/i, <AppstoreOutlined key="app" />],
]

export function menuIcon(source: string | undefined): ReactNode {
  if (!source) return <MenuOutlined />
  return byKeyword.find(([re]) => re.test(source))?.[1] ?? <MenuOutlined />
}
