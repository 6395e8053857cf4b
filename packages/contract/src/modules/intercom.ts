/**
 * The wireless intercom dispatch console (spec 01 §2-§5, §8): the console calls these /xparkApi
 * routes; the server talks to the dispatch platform through its adapter, so the dispatcher's
 * credentials never reach the browser. See docs/modules/intercom.md and docs/intercom-protocol.md.
 */
export * from './intercom/calls.js'
export * from './intercom/forms.js'
