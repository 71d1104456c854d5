// What other features and the shell use of watches and notifications (issue 49).
export { watchKeys } from './api/watches';
export { NotificationsBell } from './components/notifications-bell';
export { WatchControl } from './components/watch-control';
export { InventoryWatchButton } from './components/inventory-watch-button';
