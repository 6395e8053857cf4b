// types and the manifest helpers only: this module is read by the first chunk (see screens.tsx)
export type { DashboardDeclaration, DashboardFigure } from './Dashboard'
export {
  contractScreens,
  crudScreen,
  dashboardScreen,
  defineFeature,
  type FeatureManifest,
  type FeatureSlots,
  type HomeCard,
  treeListScreen,
} from './screens'
export { homeCards, registerSlots, topBarItems } from './slots'
export {
  type Instant,
  instantOf,
  positionOf,
  Timeline,
  type TimelineMark,
  type TimelineProps,
  type TimelineRow,
  type TimelineSpan,
  type TimelineTone,
  ticksOf,
} from './Timeline'
export type { LazyTreeSource, RowsSource, TreeListDeclaration, TreePick } from './treeListDeclaration'
