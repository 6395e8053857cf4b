/**
 * Property services (spec 02 §7 "Property services (/ydzy)", issue 29): communities (departments of
 * category 社区), repair and cleaning orders with their states and appraisals, the property
 * dictionaries (service types, troubles), check lists, community machines, hot cities, complaints and
 * suggestions, visitor registration with its day-long grants on the visitor machines. See
 * docs/modules/property.md.
 */
export * from './property/advice.js'
export * from './property/calls.js'
export * from './property/community.js'
export * from './property/dicts.js'
export * from './property/orders.js'
export * from './property/visitors.js'
