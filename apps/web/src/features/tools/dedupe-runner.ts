import { dedupeFile, type DedupeProgress, type DedupeResult } from './dedupe';
import type { WorkerAnswer } from './dedupe.worker';

/** Checks a file somewhere, reporting progress; rejects with an AbortError when `signal` aborts. */
export type DedupeRunner = (
  file: File,
  onProgress: (progress: DedupeProgress) => void,
  signal: AbortSignal,
) => Promise<DedupeResult>;

const aborted = () => new DOMException('The check was cancelled.', 'AbortError');

/** The page's runner: a fresh Web Worker per file, ended when the check ends or is cancelled. */
export const workerRunner: DedupeRunner = (file, onProgress, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const worker = new Worker(new URL('./dedupe.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      signal.removeEventListener('abort', cancel);
    };
    const cancel = () => {
      stop();
      reject(aborted());
    };
    signal.addEventListener('abort', cancel);
    worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
      if (data.type === 'progress') return onProgress(data.progress);
      stop();
      if (data.type === 'done') resolve(data.result);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      stop();
      reject(new Error(event.message || 'the worker failed'));
    };
    worker.postMessage({ file });
  });

/** The same check on the calling thread (component tests: jsdom has no workers). */
export const inlineRunner: DedupeRunner = async (file, onProgress, signal) => {
  const result = await dedupeFile(file, (p) => {
    if (!signal.aborted) onProgress(p);
  });
  if (signal.aborted) throw aborted();
  return result;
};
