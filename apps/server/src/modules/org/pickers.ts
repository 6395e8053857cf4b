/**
 * Who may read the organisation's pickers (trees and selects of names): the screen that manages the
 * data, and the user screen, whose form picks departments, posts and roles.
 */
export const DEPT_PICKER = ['dept_view', 'user_view'] as const
export const POST_PICKER = ['post_view', 'user_view'] as const
export const ROLE_PICKER = ['role_view', 'user_view'] as const
