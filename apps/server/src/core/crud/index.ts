export {
  defineResource,
  type Resource,
  type ResourceOptions,
  type ScopeHook,
  type WriteContext,
  type WriteGuard,
} from './resource.js'
export { registerResource } from './routes.js'
