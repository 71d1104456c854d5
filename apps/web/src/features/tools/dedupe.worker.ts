// The remover's worker: reads and checks one file off the main thread, posting progress as it goes.
import { dedupeFile, type DedupeProgress, type DedupeResult } from './dedupe';

export type WorkerAnswer =
  | { type: 'progress'; progress: DedupeProgress }
  | { type: 'done'; result: DedupeResult }
  | { type: 'failed'; message: string };

// The DOM lib types `self` as a window; a dedicated worker posts without a target origin.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ file: File }>) => void) | null;
  postMessage: (answer: WorkerAnswer) => void;
};

scope.onmessage = (event) => {
  dedupeFile(event.data.file, (progress) => scope.postMessage({ type: 'progress', progress })).then(
    (result) => scope.postMessage({ type: 'done', result }),
    (error: unknown) =>
      scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
