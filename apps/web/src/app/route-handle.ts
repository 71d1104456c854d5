/** Per-route facts the shell reads from the matched routes. */
export interface RouteHandle {
  /** Auth and onboarding screens are painted light whatever the user's theme. */
  forceLight?: boolean;
}
