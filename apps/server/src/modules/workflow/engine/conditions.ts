import { compileExpression } from 'filtrex'
import { badRequest } from '../../../core/errors.js'

/**
 * Conditions are filtrex expressions over the form's variables (comparisons, and/or/not, in, arithmetic):
 * filtrex parses its own small grammar, so the text is never JavaScript and never `eval`ed. Flowable's
 * `${days > 3}` wrapper is accepted. A variable the form lacks, or a value of the wrong kind (a number
 * where `and` wants a boolean: `pass` is one), makes the condition false.
 */
export type Condition = (variables: Record<string, unknown>) => boolean

const unwrap = (text: string) => {
  const trimmed = text.trim()
  const wrapped = /^\$\{([\s\S]*)\}$/.exec(trimmed)
  return (wrapped ? wrapped[1]! : trimmed).trim()
}

/** Compile a condition, or refuse it (400 `条件表达式有误: <what>: <why>`) — when saved and when deployed. */
export function compileCondition(text: string, what = text): Condition {
  const expression = unwrap(text)
  if (!expression) throw badRequest(`条件表达式有误: ${what}: 表达式为空`)
  let run: (data: unknown) => unknown
  try {
    run = compileExpression(expression)
  } catch (e) {
    throw badRequest(`条件表达式有误: ${what}: ${(e as Error).message.split('\n')[0]}`)
  }
  return (variables) => {
    const value = run(variables)
    return !(value instanceof Error) && Boolean(value)
  }
}
