/**
 * Storage and inventory (spec 02 §7 "Storage and inventory"): warehouses, goods classification and
 * supplier sorts (trees), suppliers, goods, measurement units, storage bills (in, out, move) with
 * their lines and their state machine, storage cards, init stock and inventory counts. Quantities
 * are exact decimals (text on the wire, `numeric` in the database), money integer cents.
 * See docs/modules/storage.md.
 */
export * from './storage/basics.js'
export * from './storage/bills.js'
export * from './storage/calls.js'
export * from './storage/statistics.js'
