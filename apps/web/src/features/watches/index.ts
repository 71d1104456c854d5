// What other features and the shell use of watches and notifications (issue 49).
export { watchKeys } from './api/watches';
export { WatchControl } from './components/watch-control';
