import { lazy } from 'react'
import { crudScreen, defineFeature } from '@/components/kit'

/** Finance (spec 02 §7): cards, recharges, bills, pay orders, pay settings, SMS credits; /pay is a page of its own. */
export default defineFeature({
  name: 'finance',
  screens: {
    '/finance/card': crudScreen(() => import('./cards')),
    '/finance/recharge': crudScreen(() => import('./recharges')),
    '/finance/bill': crudScreen(() => import('./bills')),
    '/finance/payorder': crudScreen(() => import('./payOrders')),
    '/finance/paysetting': crudScreen(() => import('./paySettings')),
    '/finance/sms': crudScreen(() => import('./sms')),
  },
  // the payment page (spec 01 §2): a page of its own, opened in a new tab from the finance menu
  pages: { '/pay': lazy(() => import('./PayPage')) },
  menuNames: {
    finance: 'Finance',
    finance_card: 'Stored-value cards',
    finance_recharge: 'Recharges',
    finance_bill: 'Bills',
    finance_pay_order: 'Pay orders',
    finance_pay_setting: 'Pay settings',
    finance_sms: 'SMS credits',
    finance_pay: 'Online payment',
  },
})
