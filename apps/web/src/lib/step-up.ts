/**
 * The question "prove again who you are" (step-up): a sensitive call the server refused for an
 * old sign-in asks it, the app's step-up dialog answers it, and the call is made again once the
 * person proved it, so the page, the form and what was typed in it stay as they were. Calls
 * refused while the question is open wait for the same answer.
 */
type Listener = () => void;

let answer: ((proved: boolean) => void) | undefined;
let question: Promise<boolean> | undefined;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

export const stepUp = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isAsking: (): boolean => question !== undefined,
  /** Resolves true once the person proved who they are, false if they gave up. */
  ask(): Promise<boolean> {
    question ??= new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    notify();
    return question;
  },
  settle(proved: boolean): void {
    answer?.(proved);
    answer = undefined;
    question = undefined;
    notify();
  },
};
