/** A problem the operator can fix; main.ts prints its message without a stack trace and exits non-zero. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
