// The roles below are the point of this file, and biome's a11y rules read them out of context:
// - noRedundantRoles: the header's <table> is role=none, so its thead, tr and th need their roles said
//   again, or they would be presentational with it;
// - useSemanticElements: the virtual list's parts are divs (rc-virtual-list positions them);
// - useFocusableInteractive: a row of a table (not of a grid) is not a keyboard stop.
// biome-ignore-all lint/a11y/noRedundantRoles: see above
// biome-ignore-all lint/a11y/useSemanticElements: see above
// biome-ignore-all lint/a11y/useFocusableInteractive: see above
import type { TableProps } from 'antd'
import type { ComponentPropsWithRef } from 'react'

/**
 * The parts of antd's virtual table, with table semantics. Its body is `div`s (a virtual list), which a
 * screen reader or a role query would not read as rows and cells, and its header is a `<table>` of its
 * own. With these parts the container CrudPage gives `role="table"` owns both: the header's `<table>`
 * (and the empty state's) becomes a plain box whose rowgroup, row and column headers say what they are,
 * and the body's list, rows and cells take the rowgroup, row and cell roles. Every part passes its props (and, React 19, its
 * ref: the virtual list measures rows through it) on unchanged.
 */
const PlainTable = (props: ComponentPropsWithRef<'table'>) => <table role="none" {...props} />
const HeaderRowGroup = (props: ComponentPropsWithRef<'thead'>) => <thead role="rowgroup" {...props} />
const HeaderRow = (props: ComponentPropsWithRef<'tr'>) => <tr role="row" {...props} />
const BodyRowGroup = (props: ComponentPropsWithRef<'div'>) => <div role="rowgroup" {...props} />
const BodyRow = (props: ComponentPropsWithRef<'div'>) => <div role="row" {...props} />
const BodyCell = (props: ComponentPropsWithRef<'div'>) => <div role="cell" {...props} />

/** The header's last cell over the body's scrollbar names no column. */
function HeaderCell(props: ComponentPropsWithRef<'th'>) {
  return props.className?.includes('-cell-scrollbar') ? (
    <th aria-hidden {...props} />
  ) : (
    <th role="columnheader" {...props} />
  )
}

export const VIRTUAL_TABLE_PARTS: NonNullable<TableProps['components']> = {
  // the body's own <table>, drawn only for the empty state
  table: PlainTable,
  header: {
    table: PlainTable,
    wrapper: HeaderRowGroup,
    row: HeaderRow,
    cell: HeaderCell,
  },
  body: {
    wrapper: BodyRowGroup,
    row: BodyRow,
    cell: BodyCell,
  },
}
