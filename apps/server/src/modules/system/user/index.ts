export { USER_RESOURCE, userRoutes } from './user.js'
