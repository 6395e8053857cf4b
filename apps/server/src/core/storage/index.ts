/**
 * Object storage (ARCHITECTURE: local disk | S3/MinIO). Mechanism only: which store a tenant uses
 * is the resource module's business (blade_oss); this folder knows keys, links and the two stores.
 */

export { EgressPolicy } from './egress.js'
export {
  contentTypeOf,
  extensionOf,
  isInlineType,
  isObjectKey,
  newObjectKey,
  OBJECT_KEY,
  tenantOfKey,
} from './keys.js'
export { FILE_ROUTE, FileLinks } from './links.js'
export { byteCounter, LocalObjectStore } from './local.js'
export { S3ObjectStore, type S3Settings } from './s3.js'
export type { ObjectBody, ObjectStore, StoredObject } from './types.js'
