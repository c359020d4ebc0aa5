/**
 * Resolves in a task of its own, the browser free to paint and to answer input in between: work
 * split this way never holds the main thread for one long task (total blocking time). A message,
 * not a timer: a timer set from a timer waits at least 4 ms, and one in a hidden tab a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(0);
  });
}
