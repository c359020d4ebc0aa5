import { vi } from 'vitest';

/**
 * Records the downloads a test starts (`downloadFile` clicks a link with `download`): each as its
 * address, then whether the link asked for a download. Restore with `vi.restoreAllMocks()`.
 */
export function captureDownloads(): string[] {
  const started: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    started.push(`${this.getAttribute('href')} ${this.hasAttribute('download')}`);
  });
  return started;
}
