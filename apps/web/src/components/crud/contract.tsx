import { PlusOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import type { CallPermission } from '@xpark/contract/calls'
import {
  type ActionContract,
  actionPermission,
  liveCallOf,
  type ResourceContract,
  routeUrl,
  type Transition,
  takesTransition,
} from '@xpark/contract/kit'
import { App, Button } from 'antd'
import { type ReactNode, useCallback, useState } from 'react'
import { z } from 'zod'
import { postData } from '@/api/http'
import { useSession } from '@/stores/session'
import { signedInActions } from './contractAccess'
import { useTr } from './i18n'
import { invalidateResource } from './query'
import type { CrudColumn, CrudFormField, CrudResource, CrudRowContext, TreeSource } from './types'

/**
 * A screen from a contract (`packages/contract`): the path, route names, permission codes, form
 * schema, tree and Excel routes come from the one description the server also reads; the screen adds
 * only what a person sees (labels, widths, which columns search). The form's zod schema gives each
 * field its asterisk, its length limit and its number input; declared actions become row buttons.
 */

// any view permission: a code, or a list of them (the logs: a tenant's admin, log_view, the log's own)
type AnyContract = ResourceContract<z.ZodObject, z.ZodObject, CallPermission>

interface FieldHint {
  required: boolean
  maxLength?: number
  number?: boolean
  min?: number
  max?: number
}

/** What the form schema says of each field, read through its JSON Schema (zod 4). */
export function formHints(schema: z.ZodObject): Map<string, FieldHint> {
  const hints = new Map<string, FieldHint>()
  type Json = { properties?: Record<string, Record<string, unknown>>; required?: string[] }
  let json: Json
  // numbers are taken as JSON numbers or numeric strings and then bounded (contract values.ts): their
  // bounds are on the output side
  let output: Json = {}
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json
    output = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Json
  } catch {
    return hints
  }
  const required = new Set(json.required ?? [])
  const typed = (raw: Record<string, unknown> | undefined) => {
    // `x | ''` and nullable unions: the string branch carries the limit
    const branches = (raw?.anyOf as Record<string, unknown>[] | undefined) ?? (raw ? [raw] : [])
    return {
      branches,
      main: branches.find((b) => b.type === 'string' || b.type === 'number' || b.type === 'integer') ?? raw,
    }
  }
  for (const [prop, raw] of Object.entries(json.properties ?? {})) {
    const { branches, main: input } = typed(raw)
    const { main: out } = typed(output.properties?.[prop])
    const numeric = (m: Record<string, unknown> | undefined) => m?.type === 'number' || m?.type === 'integer'
    const main = (numeric(out) ? out : input) ?? raw
    hints.set(prop, {
      required: required.has(prop) && !branches.some((b) => b.type === 'null'),
      ...(typeof input?.maxLength === 'number' ? { maxLength: input.maxLength } : {}),
      ...(numeric(main) ? { number: true } : {}),
      ...(typeof main.minimum === 'number' ? { min: main.minimum } : {}),
      ...(typeof main.maximum === 'number' ? { max: main.maximum } : {}),
    })
  }
  return hints
}

/** The tree of a tree resource, to pick from (a parent, a type). */
export function treeSource(contract: AnyContract, options: { root?: boolean } = {}): TreeSource {
  const tree = contract.resolved.tree
  if (!tree) throw new Error(`${contract.path} answers no tree`)
  return { url: routeUrl(contract, tree), code: contract.code, root: options.root ?? false }
}

/** A declared call's route name under a contract's path (`lazy-list`): a screen's `listPath` or `pagePath`. */
export function routeUnder(contract: Pick<AnyContract, 'path'>, call: { path: string }): string {
  if (!call.path.startsWith(`${contract.path}/`))
    throw new Error(`${call.path} is not under ${contract.path}`)
  return call.path.slice(contract.path.length + 1)
}

function enrich<T>(column: CrudColumn<T>, hint: FieldHint | undefined, rowNumber: boolean): CrudColumn<T> {
  if (column.form === false) return column
  const form: CrudFormField = { ...column.form }
  if (hint?.required) form.itemProps = { required: true, ...form.itemProps }
  const props: Record<string, unknown> = { ...form.props }
  if (hint?.maxLength && props.maxLength === undefined && !column.money) props.maxLength = hint.maxLength
  if (column.dict && (hint?.number ?? rowNumber) && props.numeric === undefined) props.numeric = true
  if (hint?.number && !column.dict && !column.money && !column.treeOf && !form.type && !form.render) {
    form.type = 'number'
    if (hint.min !== undefined && props.min === undefined) props.min = hint.min
    if (hint.max !== undefined && props.max === undefined) props.max = hint.max
  }
  form.props = props
  return { ...column, form }
}

/**
 * A field an action asks for in its confirmation (the action contract's `input`), e.g. the role a
 * guest gets on 通过. What it chooses is sent with the action under `name`; nothing chosen, nothing sent.
 */
/** An action's or a transition's confirmation fields (one, or several in order). */
export type ActionInputs = Readonly<Record<string, ActionInputField | readonly ActionInputField[]>>

/** The fields a transition's confirmation asks for: its own (`name:to`) before its action's. */
export function inputsOf(inputs: ActionInputs | undefined, name: string, t: Transition): ActionInputField[] {
  const found = inputs?.[`${name}:${String(t.to)}`] ?? inputs?.[name]
  return found === undefined ? [] : ([] as ActionInputField[]).concat(found)
}

export interface ActionInputField {
  name: string
  /** i18n key or text of the field's label */
  label: string
  render: (props: { value: string | undefined; onChange: (value: string | undefined) => void }) => ReactNode
}

export interface ContractScreen<T extends object>
  extends Partial<Omit<CrudResource<T>, 'path' | 'permissionPrefix' | 'formSchema' | 'columns'>> {
  columns: CrudColumn<T>[]
  /**
   * the fields a confirmation asks for: per action name, or per transition as `<action>:<to>` (a
   * repair order's dispatch asks for the worker, its finish for the result and the photos)
   */
  actionInputs?: ActionInputs
}

/** The CrudPage declaration of a contract's resource. */
export function fromContract<T extends object>(
  contract: AnyContract,
  screen: ContractScreen<T>,
): CrudResource<T> {
  const r = contract.resolved
  const url = (spec: { path: string } | undefined) => (spec ? routeUrl(contract, spec) : undefined)
  const hints = formHints(contract.form)
  const rowHints = formHints(contract.row)
  const actions = Object.entries(contract.actions ?? {})
  const { rowExtra, rowExtraCount, actionInputs, ...rest } = screen
  const excel = contract.excel
  const prefix = contract.code.replaceAll('_', '-')
  const slots = [
    'page',
    'table',
    'add',
    'bulkDelete',
    'export',
    'import',
    'searchSubmit',
    'searchReset',
    'formSubmit',
    'columns',
    'filter',
  ] as const
  return {
    path: contract.path,
    permissionPrefix: contract.code,
    compactActions: true,
    // test ids of the resource's own (two open screens never share one)
    testIds: Object.fromEntries(
      slots.map((slot) => [slot, `${prefix}-${slot.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`]),
    ),
    queryCode: contract.code,
    signedIn: signedInActions(contract.permissions),
    formSchema: contract.form,
    ...(contract.live ? { live: liveCallOf(contract) } : {}),
    // a resource without `page` pages through its `list` (as pageOfRows reads it); a screen may say otherwise
    ...(r.page ? { pagePath: r.page.path } : r.list ? { pagePath: r.list.path } : {}),
    routes: {
      ...(r.detail ? { detail: url(r.detail), detailParam: r.detail.idParam } : {}),
      ...(r.submit ? { submit: url(r.submit) } : {}),
      ...(!r.submit && r.save ? { save: url(r.save) } : {}),
      ...(!r.submit && r.update ? { update: url(r.update) } : {}),
      ...(r.remove ? { remove: url(r.remove), removeParam: r.remove.idParam } : {}),
    },
    ...(contract.tree && r.treeList ? { tree: { listPath: r.treeList.path } } : {}),
    ...(excel
      ? {
          excel: {
            ...(excel.export ? { exportUrl: routeUrl(contract, toRoute(excel.export)) } : {}),
            ...(excel.import ? { importUrl: routeUrl(contract, toRoute(excel.import)) } : {}),
            ...(excel.template ? { templateUrl: routeUrl(contract, toRoute(excel.template)) } : {}),
          },
        }
      : {}),
    ...rest,
    // a contract without a write route (records the intake writes: alarms, scene logs) offers no 新增/编辑
    ...(r.submit || (r.save && r.update)
      ? {}
      : {
          actions: {
            ...(r.submit || r.save ? {} : { add: false, copy: false }),
            ...(r.submit || r.update ? {} : { edit: false }),
            ...rest.actions,
          },
        }),
    columns: screen.columns.map((c) => enrich(c, hints.get(c.prop), rowHints.get(c.prop)?.number === true)),
    ...(actions.length || rowExtra || contract.tree
      ? {
          rowExtra: (row: T, ctx: CrudRowContext) => (
            <>
              {contract.tree && <AddChildButton contract={contract} row={row} ctx={ctx} />}
              {actions.length > 0 && (
                <ActionButtons contract={contract} row={row} ctx={ctx} inputs={actionInputs} />
              )}
              {rowExtra?.(row, ctx)}
            </>
          ),
          rowExtraCount:
            (rowExtraCount ?? 0) +
            (contract.tree ? 1 : 0) +
            Math.max(...actions.map(([, a]) => a.transitions.length), 0),
        }
      : {}),
  }
}

const toRoute = (name: string | { path: string }) => (typeof name === 'string' ? { path: name } : name)

/** may the signed-in user do this on the contract's resource (`add`, `edit`, `delete`, `view`, an action key)? */
export function useCan(contract: Pick<AnyContract, 'code' | 'actions'>, action: string): boolean {
  return useSession((s) => {
    const a = contract.actions?.[action]
    const code = a ? actionPermission(contract, action, a) : `${contract.code}_${action}`
    return s.permission[code] === true
  })
}

/**
 * The transitions a row may take now: its state is one they start from, and the user is the person
 * the row names where a transition is taken by one (`by`: the assigned worker, the reporter).
 */
export function transitionsFor(
  contract: AnyContract,
  row: object,
  userId: string,
): [string, ActionContract, Transition][] {
  const out: [string, ActionContract, Transition][] = []
  const values = row as Record<string, unknown>
  for (const [name, a] of Object.entries(contract.actions ?? {}))
    for (const t of a.transitions)
      if (t.from.map(String).includes(String(values[a.state])) && takesTransition(t, values, userId))
        out.push([name, a, t])
  return out
}

/** Run a transition after a confirmation; every list showing the resource refreshes. */
export function useTransition(contract: AnyContract) {
  const tr = useTr()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  return useCallback(
    (
      name: string,
      a: ActionContract,
      t: Transition,
      ids: string[],
      done?: () => void,
      input?: ActionInputField | readonly ActionInputField[],
    ) => {
      const fields = input === undefined ? [] : ([] as ActionInputField[]).concat(input)
      const chosen: Record<string, string> = {}
      const question = t.confirm ? tr(t.confirm) : tr('crud.actionConfirm', { action: tr(t.label) })
      modal.confirm({
        title: tr('common.tip'),
        content: fields.length ? (
          <>
            <p>{question}</p>
            {fields.map((field) => (
              <ActionInput
                key={field.name}
                field={field}
                onChange={(value) => {
                  if (value === undefined) delete chosen[field.name]
                  else chosen[field.name] = value
                }}
              />
            ))}
          </>
        ) : (
          question
        ),
        okText: tr('common.ok'),
        cancelText: tr('common.cancel'),
        okButtonProps: { danger: t.danger, 'data-testid': 'confirm-ok' },
        cancelButtonProps: { 'data-testid': 'confirm-cancel' },
        onOk: async () => {
          const target = a.target === 'ids' ? { ids: ids.join(',') } : { id: ids[0] }
          try {
            await postData(routeUrl(contract, toRoute(a.route ?? name)), undefined, {
              ...target,
              ...t.when,
              ...chosen,
            })
          } catch {
            return // the HTTP client showed why; nothing changed
          }
          void message.success(tr('crud.actionDone', { action: tr(t.label) }))
          await invalidateResource(queryClient, contract.code)
          done?.()
        },
      })
    },
    [contract, message, modal, queryClient, tr],
  )
}

/** 新增下级: the add dialog with this row as the parent (tree resources, for holders of `add`). */
function AddChildButton<T extends object>({
  contract,
  row,
  ctx,
}: {
  contract: AnyContract
  row: T
  ctx: CrudRowContext
}) {
  const tr = useTr()
  const may = useCan(contract, 'add')
  if (!may) return null
  const id = String((row as Record<string, unknown>).id)
  return (
    <Button
      type="link"
      size="small"
      icon={<PlusOutlined />}
      onClick={() => ctx.openAdd({ [contract.tree?.parent ?? 'parentId']: id })}
      data-testid={`crud-row-add-child-${id}`}
    >
      {tr('crud.addChild')}
    </Button>
  )
}

/** An action input inside its confirmation: its own state, handed out on every change. */
function ActionInput({ field, onChange }: { field: ActionInputField; onChange: (value?: string) => void }) {
  const tr = useTr()
  const [value, setValue] = useState<string>()
  return (
    <div data-testid={`action-input-${field.name}`}>
      <div style={{ marginBottom: 4 }}>{tr(field.label)}</div>
      {field.render({
        value,
        onChange: (next) => {
          setValue(next)
          onChange(next)
        },
      })}
    </div>
  )
}

/** A row's transition buttons (the ones its state allows and the user holds). */
export function ActionButtons<T extends object>({
  contract,
  row,
  ctx,
  inputs,
}: {
  contract: AnyContract
  row: T
  ctx: CrudRowContext
  inputs?: ActionInputs | undefined
}) {
  const tr = useTr()
  const permission = useSession((s) => s.permission)
  const userId = useSession((s) => s.userInfo?.id ?? '')
  const run = useTransition(contract)
  const id = String((row as Record<string, unknown>).id)
  return (
    <>
      {transitionsFor(contract, row, userId)
        .filter(
          ([name, a, t]) =>
            permission[actionPermission(contract, name, a)] === true &&
            (!t.permission || permission[t.permission] === true),
        )
        .map(([name, a, t]) => (
          <Button
            key={`${name}-${t.label}`}
            type="link"
            size="small"
            danger={t.danger}
            onClick={() => run(name, a, t, [id], ctx.refresh, inputsOf(inputs, name, t))}
            data-testid={`crud-row-${name}-${String(t.to)}-${id}`}
          >
            {tr(t.label)}
          </Button>
        ))}
    </>
  )
}
