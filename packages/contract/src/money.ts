/**
 * Money is integer cents (fen) in the database and on the wire; people read and type yuan with two
 * decimals. These are the only conversions between the two (server sheets and messages, console
 * inputs, cells and charts).
 */

/** Yuan as a person types it: up to 8 whole digits and at most 2 decimals (`12`, `12.5`, `12.50`). */
export const YUAN_TEXT = /^\d{1,8}(\.\d{1,2})?$/

/** Cents as a number of yuan (`1250` → `12.5`): number inputs and charts. */
export const yuanOf = (cents: number): number => cents / 100

/** Cents as yuan text with two decimals (`1250` → `'12.50'`); anything but a number is `''`. */
export const yuan = (cents: unknown): string => (typeof cents === 'number' ? yuanOf(cents).toFixed(2) : '')

/**
 * Yuan (a number, or text matching YUAN_TEXT) as whole cents: `12.5` → 1250. Rounding to the cent
 * takes away the float's error (`0.29 * 100` is 28.999…), so the cents are exact.
 */
export const centsOf = (yuan: number | string): number => Math.round(Number(yuan) * 100)
