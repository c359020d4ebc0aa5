import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workspacePath } from '../../config/paths';
import { DomainError } from '../domain-error';
import type { Pdf } from './pdf-recording';
import type { RenderAnswer } from './pdf-worker';

/**
 * At most this many documents are drawn at once, each on a thread of its own, so that drawing
 * never holds the request thread (health checks, sign-ins, every other answer) and a burst of
 * documents takes at most these cores, leaving one to the request thread.
 */
export const RENDERING_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * Documents waiting for a thread beyond this are refused (429, try again in a few seconds)
 * rather than kept in memory: the per-user limit bounds one person, this bounds everyone.
 */
const MAX_WAITING = 64;
const RETRY_AFTER_SECONDS = 5;

// From the TypeScript sources (tests, `npm run dev`) the thread runs pdf-worker.ts through tsx;
// the built server has it as dist/pdf-worker.js.
const fromSources = import.meta.url.endsWith('.ts');
const workerFile = fromSources
  ? new URL('./pdf-worker.ts', import.meta.url)
  : pathToFileURL(workspacePath('apps/server/dist/pdf-worker.js'));

/** The documents the portal draws, as the metrics count them. */
export type DocumentKind = 'delivery_note' | 'quote' | 'drum_statement' | 'drum_labels';

interface Task {
  kind: DocumentKind;
  recording: Pdf;
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

const idle: Worker[] = [];
const running = new Set<Worker>();
const waiting: Task[] = [];
let started = 0;
/** Documents drawn whole since the process started, by kind. */
const rendered = new Map<DocumentKind, number>();

function startWorker(): Worker {
  const worker = new Worker(workerFile, { execArgv: fromSources ? ['--import', 'tsx'] : [] });
  // An idle rendering thread never keeps the process alive.
  worker.unref();
  started += 1;
  worker.once('exit', () => {
    started -= 1;
    const index = idle.indexOf(worker);
    if (index >= 0) idle.splice(index, 1);
    // Its place is free: a waiting document may start another thread.
    next();
  });
  return worker;
}

function run(worker: Worker, task: Task) {
  running.add(worker);
  const settle = () => {
    worker.off('message', onAnswer);
    worker.off('error', onError);
    worker.off('exit', onExit);
    running.delete(worker);
  };
  const onAnswer = (answer: RenderAnswer) => {
    settle();
    idle.push(worker);
    if ('bytes' in answer) {
      rendered.set(task.kind, (rendered.get(task.kind) ?? 0) + 1);
      task.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.length));
    } else {
      task.reject(new Error(`Document rendering failed: ${answer.error}`));
    }
    next();
  };
  // A thread that crashed is gone (its exit handler forgets it): the next task starts another.
  const onError = (error: Error) => {
    settle();
    task.reject(error);
    next();
  };
  // A thread that stopped without an error (out of memory, terminated) fails its document too.
  const onExit = (code: number) => onError(new Error(`Rendering thread exited with code ${code}`));
  worker.on('message', onAnswer);
  worker.on('error', onError);
  worker.on('exit', onExit);
  worker.postMessage(task.recording);
}

function next() {
  while (waiting.length > 0) {
    const worker = idle.pop() ?? (started < RENDERING_THREADS ? startWorker() : undefined);
    if (!worker) return;
    run(worker, waiting.shift()!);
  }
}

/** Draws a recorded document on a rendering thread; resolves to its bytes. */
export function renderPdf(recording: Pdf, kind: DocumentKind): Promise<Buffer> {
  if (waiting.length >= MAX_WAITING) {
    return Promise.reject(
      new DomainError('documents.too_many_renders', undefined, RETRY_AFTER_SECONDS),
    );
  }
  return new Promise((resolve, reject) => {
    waiting.push({ kind, recording, resolve, reject });
    next();
  });
}

/** How many documents are being drawn and how many wait, for the metrics and the tests. */
export function renderingLoad(): { drawing: number; waiting: number } {
  return { drawing: running.size, waiting: waiting.length };
}

/** How many documents of each kind were drawn whole since the process started. */
export function renderedDocuments(): ReadonlyMap<DocumentKind, number> {
  return rendered;
}
