import type { InputHTMLAttributes } from 'react'

/** A labelled input with its validation message, in the login page's plain HTML style. */
export function Field({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={`login-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        placeholder={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <div className="login-field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  )
}
