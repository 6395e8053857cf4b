import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** Duty management (spec 01 §7 "Duty"): the duty roster with shift changes and the duty sheet. */
export default defineFeature({
  name: 'duty',
  screens: {
    '/duty/person': lazy(() => import('./DutyPage')),
  },
  menuNames: { duty: 'Duty', duty_person: 'Duty roster' },
})
