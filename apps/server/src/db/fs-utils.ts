import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../startup-error';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readSecretFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Creates the folder if needed and proves we can write in it, with a message naming the variable. */
export function ensureWritableDir(dir: string, variable: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupError(
      `${variable} ${dir} is not writable (${code}). Point ${variable} at a folder this user can write.`,
    );
  }
}
