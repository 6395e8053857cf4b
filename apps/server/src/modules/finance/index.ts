import {
  billContract,
  cardContract,
  payOrderContract,
  paySettingContract,
  rechargeContract,
} from '@xpark/contract/modules/finance'
import { button, defineModule, menuCodes, resourceScreen } from '../../core/module.js'
import { seedFinanceDemo } from './demo.js'
import { settleUnnotified } from './payments.js'
import { bills, cards, payOrders, paySettings, recharges } from './resources.js'
import { registerPayOrderRoutes } from './routes/pay-orders.js'
import { registerSmsCreditRoutes } from './routes/sms-credits.js'
import * as tables from './schema.js'

/**
 * Finance (spec 02 §7 "Finance"): cards, recharges, bills, pay settings, pay orders, SMS credits.
 * Other modules move a card's balance through the functions exported here (cards.ts), inside their
 * own transaction. See docs/modules/finance.md.
 */
export { type CardRef, creditCard, debitCard, findCard, findCardByNo, type Who } from './cards.js'
// other modules name a card (parking's stored value cards): the resource for references, the table for labels
export { cards as financeCards } from './resources.js'
export { financeBill, financeCard } from './schema.js'

const FINANCE_MENUS = [
  {
    code: 'finance',
    name: '财务管理',
    path: '/finance',
    source: 'AccountBookOutlined',
    sort: 62,
    children: [
      resourceScreen(cardContract, '储值卡', '/finance/card', 'CreditCardOutlined'),
      resourceScreen(rechargeContract, '充值记录', '/finance/recharge', 'WalletOutlined'),
      resourceScreen(billContract, '账单明细', '/finance/bill', 'ProfileOutlined'),
      resourceScreen(payOrderContract, '支付订单', '/finance/payorder', 'TransactionOutlined', [
        button('finance_pay_order_sms', '短信充值', 1),
        button('finance_pay_order_recharge', '在线充值', 1),
      ]),
      resourceScreen(paySettingContract, '支付设置', '/finance/paysetting', 'SettingOutlined'),
      {
        code: 'finance_sms',
        name: '短信额度',
        path: '/finance/sms',
        source: 'MessageOutlined',
        children: [button('finance_sms_export', '导出', 1)],
      },
      { code: 'finance_pay', name: '在线支付', path: '/pay', source: 'QrcodeOutlined', isOpen: 2 as const },
    ],
  },
]

export const financeModule = defineModule({
  name: 'finance',
  tables,
  resources: [cards, recharges, bills, paySettings, payOrders],
  menus: FINANCE_MENUS,
  product: { name: '财务管理', remark: '储值卡、充值、账单、在线支付与短信额度' },
  staff: menuCodes(FINANCE_MENUS).filter(
    (c) => !/_(add|edit|delete|status|import|export|sms|recharge)$/.test(c),
  ),
  dicts: [
    {
      code: 'finance_bill_type',
      name: '账单类型',
      entries: [
        [1, '充值'],
        [2, '消费'],
        [3, '退款'],
        [4, '撤销充值'],
      ],
    },
    {
      code: 'finance_pay_status',
      name: '支付状态',
      entries: [
        [0, '待支付'],
        [1, '已支付'],
        [2, '已关闭'],
      ],
    },
    {
      code: 'finance_pay_kind',
      name: '支付订单类型',
      entries: [
        ['sms', '短信充值'],
        ['recharge', '在线充值'],
      ],
    },
    {
      code: 'finance_card_status',
      name: '储值卡状态',
      entries: [
        [0, '已冻结'],
        [1, '正常'],
      ],
    },
  ],
  demo: seedFinanceDemo,
  jobs: [
    {
      name: 'finance-pay-query',
      everySeconds: 60,
      run: async (ctx) => {
        await settleUnnotified(ctx.database.db)
      },
    },
  ],
  routes: async (api, ctx) => {
    registerPayOrderRoutes(api, ctx)
    registerSmsCreditRoutes(api, ctx)
  },
})
