/** What app/ uses of the admin feature: the session (guard, providers, sign-out) and the panel frame. */
export { signOutAdmin } from './api/admin-session';
export { AdminConfirmed, AdminGuard, useAdminConfirmed } from './components/AdminGuard/AdminGuard';
export { AdminHeader } from './components/AdminHeader/AdminHeader';
export { AdminProviders } from './components/AdminProviders/AdminProviders';
export { PanelFirestoreProvider } from './components/AdminProviders/PanelFirestoreProvider';
export { AdminTabs, tabOf, withTab, type AdminTab } from './components/AdminTabs/AdminTabs';
export { useAdminMembership } from './hooks/use-admin-membership';
export { logoutToast } from './messages';
