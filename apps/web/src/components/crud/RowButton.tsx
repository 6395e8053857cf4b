import type { MouseEvent, ReactNode } from 'react'
import './rowButton.css'

/**
 * A row action in a table's action column, drawn like antd's `<Button type="link" size="small">`.
 * A page of rows shows dozens of these at once and each antd Button brings its style hooks, a
 * click-wave effect and layout effects: about half the cost of mounting a row (issue 13). A
 * native button keeps the keyboard, the focus ring and the accessible name.
 */
export function RowButton({
  label,
  icon,
  onClick,
  danger,
  disabled,
  iconOnly,
  testId,
}: {
  label: string
  icon?: ReactNode
  onClick: (e: MouseEvent<HTMLButtonElement>) => void
  danger?: boolean
  disabled?: boolean
  /** only the icon shows; the label names it for screen readers and on hover */
  iconOnly?: boolean
  testId?: string
}) {
  return (
    <button
      type="button"
      className={danger ? 'crud-row-btn crud-row-btn-danger' : 'crud-row-btn'}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
    >
      {icon}
      {iconOnly ? null : <span>{label}</span>}
    </button>
  )
}
