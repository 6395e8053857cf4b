import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { cents, code, requiredText, wholeNumber } from '@xpark/contract/fields'
import { defineContract } from '@xpark/contract/kit'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { CrudPage } from './CrudPage'
import { formHints, fromContract, transitionsFor } from './contract'

/** A contract as a module declares it: a form, a row, a named transition, route names of its own. */
const gadget = defineContract({
  path: 'shop/gadget',
  code: 'shop_gadget',
  form: z.object({
    code: code('please enter code', 12),
    name: requiredText('please enter name', 20),
    price: cents('price'),
    stock: wholeNumber('stock', 0, 500),
    note: z.string().max(30).optional(),
  }),
  row: z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    price: z.number(),
    stock: z.number(),
    status: z.number(),
  }),
  routes: {
    page: 'queryGadgets',
    submit: 'saveGadget',
    remove: { path: 'deleteGadget', idParam: 'gadgetId' },
  },
  actions: {
    changeStatus: {
      state: 'status',
      permission: 'shop_gadget_shelf',
      input: z.object({ status: z.number() }),
      transitions: [
        { label: 'On shelf', from: [0], to: 1, when: { status: 1 } },
        { label: 'Off shelf', from: [1], to: 0, when: { status: 0 }, danger: true },
      ],
    },
  },
})

type Gadget = z.infer<typeof gadget.row>
const rows: Gadget[] = [
  { id: '11', code: 'G1', name: 'off one', price: 1250, stock: 3, status: 0 },
  { id: '12', code: 'G2', name: 'on one', price: 99, stock: 0, status: 1 },
]

const resource = fromContract<Gadget>(gadget, {
  title: 'Gadget',
  columns: [
    { prop: 'code', label: 'Code' },
    { prop: 'name', label: 'Name', search: 'input' },
    { prop: 'price', label: 'Price', money: true },
    { prop: 'stock', label: 'Stock' },
    { prop: 'status', label: 'Status', form: false },
  ],
})

/** The same screen asking, in the shelf action's confirmation, for a reason (an action input). */
const withReason = fromContract<Gadget>(gadget, {
  title: 'Gadget',
  columns: [{ prop: 'name', label: 'Name' }],
  actionInputs: {
    changeStatus: {
      name: 'reason',
      label: 'Reason',
      render: ({ value, onChange }) => (
        <input
          data-testid="reason-input"
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value || undefined)}
        />
      ),
    },
  },
})

function setup(permission: Record<string, boolean>, screenResource = resource) {
  useSession.setState({ token: 't', permission, userInfo: { id: 'u1' } as never })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/queryGadgets'))
      return ok({ records: rows, total: 2, size: 10, current: 1, pages: 1, orders: [], searchCount: true })
    return ok({})
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<CrudPage resource={screenResource} />)
  return api
}

describe('the module kit in the console: a screen from a contract', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it("reads each field's rules from the form schema: required, length, numbers", () => {
    const hints = formHints(gadget.form)
    expect(hints.get('code')).toMatchObject({ required: true, maxLength: 12 })
    expect(hints.get('name')).toMatchObject({ required: true, maxLength: 20 })
    expect(hints.get('stock')).toMatchObject({ required: true, number: true, min: 0, max: 500 })
    expect(hints.get('note')).toMatchObject({ required: false, maxLength: 30 })
  })

  it("lists through the contract's route names, shows money as yuan, and offers only the transitions a row's state allows", async () => {
    const api = setup({ shop_gadget_view: true, shop_gadget_shelf: true })
    await screen.findByText('off one')
    expect(api.calls.some((c) => c.url.pathname.endsWith('/shop/gadget/queryGadgets'))).toBe(true)
    const off = screen.getByText('off one').closest<HTMLElement>('[role="row"]')!
    const on = screen.getByText('on one').closest<HTMLElement>('[role="row"]')!
    expect(within(off).getByText('12.50')).toBeTruthy()
    expect(within(off).getByTestId('crud-row-changeStatus-1-11')).toBeTruthy()
    expect(within(off).queryByTestId('crud-row-changeStatus-0-11')).toBeNull()
    expect(within(on).getByTestId('crud-row-changeStatus-0-12')).toBeTruthy()
    // no add or delete without their codes
    expect(screen.queryByTestId('shop-gadget-add')).toBeNull()
  })

  it('a resource without a page route pages through its list, unless the screen names another', () => {
    const listed = defineContract({
      path: 'shop/listed',
      code: 'shop_listed',
      form: z.object({ name: requiredText('please enter name', 20) }),
      row: z.object({ id: z.string(), name: z.string() }),
      routes: { page: false },
    })
    const columns = [{ prop: 'name' as const, label: 'Name' }]
    expect(fromContract(listed, { title: 'Listed', columns }).pagePath).toBe('list')
    expect(fromContract(listed, { title: 'Listed', columns, pagePath: 'byName' }).pagePath).toBe('byName')
    expect(resource.pagePath).toBe('queryGadgets')
  })

  it('a contract without write routes offers no 新增/编辑; one without update no 编辑', () => {
    const form = z.object({ name: requiredText('please enter name', 20) })
    const row = z.object({ id: z.string(), name: z.string() })
    const columns = [{ prop: 'name' as const, label: 'Name' }]
    const records = defineContract({
      path: 'shop/records',
      code: 'shop_records',
      form,
      row,
      routes: { submit: false, save: false, update: false },
    })
    expect(fromContract(records, { title: 'Records', columns }).actions).toEqual({
      add: false,
      copy: false,
      edit: false,
    })
    const addOnly = defineContract({
      path: 'shop/addonly',
      code: 'shop_addonly',
      form,
      row,
      routes: { submit: false, update: false },
    })
    expect(fromContract(addOnly, { title: 'Add only', columns }).actions).toEqual({ edit: false })
    expect(fromContract(gadget, { title: 'Gadgets', columns: [] }).actions).toBeUndefined()
  })

  it('a transition is confirmed, then posted with its input, and the list refreshes', async () => {
    const api = setup({ shop_gadget_view: true, shop_gadget_shelf: true })
    await screen.findByText('off one')
    const pages = api.calls.filter((c) => c.url.pathname.endsWith('/queryGadgets')).length
    await userEvent.click(screen.getByTestId('crud-row-changeStatus-1-11'))
    expect(await screen.findByText('确定On shelf?')).toBeTruthy()
    await userEvent.click(screen.getByTestId('confirm-ok'))
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/shop/gadget/changeStatus'))).toBe(true),
    )
    const post = api.calls.find((c) => c.url.pathname.endsWith('/changeStatus'))!
    expect(JSON.parse(String(post.init?.body))).toEqual({ id: '11', status: 1 })
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url.pathname.endsWith('/queryGadgets')).length).toBeGreaterThan(pages),
    )
  })

  it("an action's input is asked in its confirmation and sent with it; left empty, nothing is sent", async () => {
    const api = setup({ shop_gadget_view: true, shop_gadget_shelf: true }, withReason)
    await screen.findByText('off one')
    await userEvent.click(screen.getByTestId('crud-row-changeStatus-1-11'))
    expect(await screen.findByText('Reason')).toBeTruthy()
    await userEvent.type(screen.getByTestId('reason-input'), 'restocked')
    await userEvent.click(screen.getByTestId('confirm-ok'))
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/shop/gadget/changeStatus'))).toBe(true),
    )
    const posts = () => api.calls.filter((c) => c.url.pathname.endsWith('/changeStatus'))
    expect(JSON.parse(String(posts()[0]!.init?.body))).toEqual({ id: '11', status: 1, reason: 'restocked' })

    await userEvent.click(await screen.findByTestId('crud-row-changeStatus-0-12'))
    // the first confirmation may still be closing: the newest is the last one
    await waitFor(() => expect(screen.getAllByTestId('confirm-ok').length).toBeGreaterThan(0))
    await userEvent.click(screen.getAllByTestId('confirm-ok').at(-1)!)
    await waitFor(() => expect(posts()).toHaveLength(2))
    expect(JSON.parse(String(posts()[1]!.init?.body))).toEqual({ id: '12', status: 0 })
  })

  it('a transition taken `by` the person the row names is offered to that person only', () => {
    const repair = defineContract({
      path: 'shop/repair',
      code: 'shop_repair',
      form: z.object({ name: z.string() }),
      row: z.object({ id: z.string(), name: z.string(), state: z.number(), workerId: z.string() }),
      actions: {
        move: {
          state: 'state',
          transitions: [
            { label: 'Accept', from: [1], to: 2, by: { field: 'workerId' } },
            { label: 'Cancel', from: [0, 1], to: 9 },
          ],
        },
      },
    })
    const row = { id: '1', name: 'r', state: 1, workerId: '501' }
    const labels = (userId: string) => transitionsFor(repair, row, userId).map(([, , t]) => t.label)
    expect(labels('501')).toEqual(['Accept', 'Cancel'])
    // anyone else does not see the worker's button (the server refuses it with 403 as well)
    expect(labels('502')).toEqual(['Cancel'])
  })

  it('without the transition code the buttons are not there', async () => {
    setup({ shop_gadget_view: true })
    await screen.findByText('off one')
    expect(screen.queryByTestId('crud-row-changeStatus-1-11')).toBeNull()
  })

  it('the dialog marks required fields, limits lengths, takes yuan and sends cents to the named route', async () => {
    const api = setup({ shop_gadget_view: true, shop_gadget_add: true })
    await screen.findByText('off one')
    await userEvent.click(screen.getByTestId('shop-gadget-add'))
    const form = await screen.findByTestId('crud-form')
    expect(within(form).getByTestId('crud-form-code').getAttribute('maxlength')).toBe('12')
    const required = [...form.querySelectorAll('.ant-form-item-required')].map((l) => l.textContent)
    expect(required).toEqual(expect.arrayContaining(['Code', 'Name', 'Price', 'Stock']))
    await userEvent.type(within(form).getByTestId('crud-form-code'), 'G9')
    await userEvent.type(within(form).getByTestId('crud-form-name'), 'new one')
    await userEvent.type(within(form).getByTestId('crud-form-price'), '3.5')
    await userEvent.type(within(form).getByTestId('crud-form-stock'), '7')
    await userEvent.click(screen.getByTestId('shop-gadget-form-submit'))
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/shop/gadget/saveGadget'))).toBe(true),
    )
    const saved = api.calls.find((c) => c.url.pathname.endsWith('/saveGadget'))!
    expect(JSON.parse(String(saved.init?.body))).toMatchObject({
      code: 'G9',
      name: 'new one',
      price: 350,
      stock: 7,
    })
  })
})
