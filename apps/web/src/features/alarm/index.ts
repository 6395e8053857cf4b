import { lazy } from 'react'
import { crudScreen, defineFeature } from '@/components/kit'

/** Alarms (spec 02 §7 "Alarms", issue 29): rules, groups, the live records, and the home card 今日告警. */
export default defineFeature({
  name: 'alarm',
  screens: {
    '/alarm/rule': crudScreen(() => import('./rules')),
    '/alarm/group': crudScreen(() => import('./groups')),
    '/alarm/record': crudScreen(() => import('./records')),
  },
  menuNames: {
    alarm_manage: 'Alarms',
    alarm_rule: 'Alarm rules',
    alarm_group: 'Alarm groups',
    alarm: 'Alarm records',
  },
  slots: {
    homeCards: {
      todayAlarms: {
        title: 'alarm.today',
        component: lazy(() => import('./TodayAlarmsCard')),
        byDefault: true,
        sort: 30,
      },
    },
  },
})
