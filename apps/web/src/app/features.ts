import type { FeatureManifest } from '@/components/kit'
import alarm from '../features/alarm'
import analysis from '../features/analysis'
import app from '../features/app'
import asset from '../features/asset'
import attendance from '../features/attendance'
import authority from '../features/authority'
import base from '../features/base'
import canteen from '../features/canteen'
import commodity from '../features/commodity'
import desk from '../features/desk'
import device from '../features/device'
import duty from '../features/duty'
import finance from '../features/finance'
import info from '../features/info'
import inspection from '../features/inspection'
import intercom from '../features/intercom'
import meeting from '../features/meeting'
import message from '../features/message'
import monitor from '../features/monitor'
import parking from '../features/parking'
import property from '../features/property'
import report from '../features/report'
import resource from '../features/resource'
import screen from '../features/screen'
import social from '../features/social'
import storage from '../features/storage'
import system from '../features/system'
import video from '../features/video'
import visitor from '../features/visitor'
import wel from '../features/wel'
import workflow from '../features/workflow'

/**
 * The one list of features: their screens join the route table and their menu names the English
 * console. Adding a feature adds its folder and one line here.
 */
export const FEATURES: readonly FeatureManifest[] = [
  // the shell's own screens and the system area
  wel,
  system,
  base,
  authority,
  monitor,
  desk,
  app,
  resource,
  info,
  // business modules
  commodity,
  storage,
  asset,
  finance,
  canteen,
  intercom,
  social,
  duty,
  message,
  meeting,
  alarm,
  property,
  device,
  inspection,
  attendance,
  screen,
  parking,
  video,
  visitor,
  analysis,
  workflow,
  report,
]
