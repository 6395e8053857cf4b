// The roles below are the point of this file, and biome's a11y rules read them out of context:
// - noRedundantRoles: the header's <table> is role=none, so its thead, tr and th need their roles said
//   again, or they would be presentational with it;
// - useSemanticElements: for the same reason a `th` says it is a column header.
// biome-ignore-all lint/a11y/noRedundantRoles: see above
// biome-ignore-all lint/a11y/useSemanticElements: see above
import type { TableProps } from 'antd'
import type { ComponentPropsWithRef } from 'react'

/**
 * The parts of antd's table around our windowed body (WindowedBody), with table semantics. The header
 * is a `<table>` of its own and so is the body: with these parts the container CrudPage gives
 * `role="table"` owns both. The header's `<table>` (and the empty state's) becomes a plain box whose
 * rowgroup, row and column headers say what they are; the body says the same of its own parts. Every
 * part passes its props (and, React 19, its ref) on unchanged.
 */
const PlainTable = (props: ComponentPropsWithRef<'table'>) => <table role="none" {...props} />
const HeaderRowGroup = (props: ComponentPropsWithRef<'thead'>) => <thead role="rowgroup" {...props} />
const HeaderRow = (props: ComponentPropsWithRef<'tr'>) => <tr role="row" {...props} />

/** The header's last cell over the body's scrollbar names no column. */
function HeaderCell(props: ComponentPropsWithRef<'th'>) {
  return props.className?.includes('-cell-scrollbar') ? (
    <th aria-hidden {...props} />
  ) : (
    <th role="columnheader" {...props} />
  )
}

export const WINDOWED_TABLE_PARTS: NonNullable<TableProps['components']> = {
  // the body's own <table>, drawn only for the empty state
  table: PlainTable,
  header: {
    table: PlainTable,
    wrapper: HeaderRowGroup,
    row: HeaderRow,
    cell: HeaderCell,
  },
}
