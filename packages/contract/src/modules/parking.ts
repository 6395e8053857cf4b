/**
 * Parking (spec 02 §3 parking lookups, §7 "Parking", §4 parking system sync; issue 30): car parks
 * with their gates (barrier machines of the device layer), vehicle cards (fixed, temporary, stored
 * value on a finance card) synced to the outside parking system (PMS), the vehicles inside and every
 * pass a gate decided. See docs/modules/parking.md.
 */
export * from './parking/calls.js'
export * from './parking/resources.js'
