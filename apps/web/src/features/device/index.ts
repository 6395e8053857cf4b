import { crudScreen, dashboardScreen, defineFeature } from '@/components/kit'

/** Devices (issue 28): machines, grants, report rules, fault types, the command log, a dashboard. */
export default defineFeature({
  name: 'device',
  screens: {
    '/device/machine': crudScreen(() => import('./machines')),
    '/device/authorization': crudScreen(() => import('./authorization')),
    '/device/report-rule': crudScreen(() => import('./reportRules')),
    '/device/fault-type': crudScreen(() => import('./faultTypes')),
    '/device/command': crudScreen(() => import('./commands')),
    '/device/dashboard': dashboardScreen(() => import('./dashboard')),
  },
  menuNames: {
    device: 'Devices',
    machine: 'Machines',
    machine_grant: 'Device access',
    report_rule: 'Report rules',
    machine_fault_type: 'Fault types',
    machine_command: 'Command log',
    device_dashboard: 'Device dashboard',
  },
})
