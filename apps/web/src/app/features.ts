import type { FeatureManifest } from '@/components/kit'
import commodity from '../features/commodity'
import duty from '../features/duty'

/**
 * The one list of features built with the module kit: their screens join the route table and their
 * menu names the English console. Adding a feature adds its folder and one line here.
 */
export const FEATURES: readonly FeatureManifest[] = [commodity, duty]
