export * from './auth.js'
export * from './envelope.js'
export * from './menu.js'
export * from './validation.js'
