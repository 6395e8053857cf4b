/**
 * Canteen and food (spec 02 §7 "Canteen and food (/andchu)"): the canteens and their settings, food
 * and its categories, cooks, food safety and traceability records, the food published per canteen,
 * date and meal, the orders paid from a stored-value card (finance) and their refunds. Money is
 * integer cents. See docs/modules/canteen.md.
 */
export * from './canteen/calls.js'
export * from './canteen/food.js'
export * from './canteen/meals.js'
export * from './canteen/orders.js'
