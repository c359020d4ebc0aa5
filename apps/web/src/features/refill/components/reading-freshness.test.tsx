import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initRefillI18n, makeDrum } from '../testing/render';
import { LastReadingCell, ReadingFreshness } from './reading-freshness';

const NOW = new Date('2026-11-20T10:00:00.000Z');

describe('reading freshness', () => {
  beforeEach(async () => {
    // Only Date and the intervals are faked: the translator and React keep their own timers.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    await initRefillI18n('en');
  });
  afterEach(() => vi.useRealTimers());

  it('says how long ago the last reading was, and moves on without a reload', async () => {
    render(
      <ReadingFreshness
        drum={makeDrum({ lastReadingAt: '2026-11-20T08:00:00.000Z', lastReadingSource: 'manual' })}
      />,
    );
    expect(screen.getByText('Last reading 2 hours ago')).toHaveAttribute(
      'datetime',
      '2026-11-20T08:00:00.000Z',
    );
    expect(screen.getByText('Manual reading')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60 * 60 * 1000));
    expect(screen.getByText('Last reading 3 hours ago')).toBeInTheDocument();
    // A drum people read has no sensor to warn about.
    expect(screen.queryByText(/Sensor/)).not.toBeInTheDocument();
  });

  it('counts in days from a day on: yesterday, then days ago', () => {
    const { rerender } = render(
      <ReadingFreshness drum={makeDrum({ lastReadingAt: '2026-11-19T05:00:00.000Z' })} />,
    );
    expect(screen.getByText('Last reading yesterday')).toBeInTheDocument();
    rerender(<ReadingFreshness drum={makeDrum({ lastReadingAt: '2026-11-20T09:59:30.000Z' })} />);
    expect(screen.getByText('Last reading now')).toBeInTheDocument();
  });

  it('is written in the user language', async () => {
    await initRefillI18n('fr');
    render(
      <ReadingFreshness
        drum={makeDrum({ lastReadingAt: '2026-11-20T07:30:00.000Z', lastReadingSource: 'sensor' })}
      />,
    );
    expect(screen.getByText('Dernier relevé il y a 2 heures')).toBeInTheDocument();
    expect(screen.getByText('Relevé capteur')).toBeInTheDocument();
  });

  it("shows a sensor's battery and signal, and warns of a silent sensor and a low battery", async () => {
    render(
      <ReadingFreshness
        drum={makeDrum({
          lastReadingAt: '2026-11-17T10:00:00.000Z',
          lastReadingSource: 'sensor',
          sensor: {
            lastReadingAt: '2026-11-17T10:00:00.000Z',
            battery: 12,
            signal: -104,
            isStale: true,
          },
        })}
      />,
    );
    expect(screen.getByText('Last reading 3 days ago')).toBeInTheDocument();
    expect(screen.getByText('Sensor: battery 12%, signal -104 dBm')).toBeInTheDocument();
    const silent = screen.getByText(/^Sensor silent since/);
    expect(silent.textContent).toBe(
      `Sensor silent since ${new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date('2026-11-17T10:00:00.000Z'))}`,
    );
    expect(silent.parentElement).toHaveTextContent('has sent nothing for 3 days');
    expect(screen.getByText('Sensor battery low: 12%')).toBeInTheDocument();
  });

  it('leaves the advice out on a card, keeping the warning', () => {
    render(
      <ReadingFreshness
        isCompact
        drum={makeDrum({
          sensor: {
            lastReadingAt: '2026-11-17T10:00:00.000Z',
            battery: 40,
            signal: -90,
            isStale: true,
          },
        })}
      />,
    );
    expect(screen.getByText(/^Sensor silent since/)).toBeInTheDocument();
    expect(screen.queryByText(/has sent nothing/)).not.toBeInTheDocument();
  });

  it('keeps quiet about a sensor that reports, with a battery above 15 %', () => {
    render(
      <ReadingFreshness
        drum={makeDrum({
          lastReadingAt: '2026-11-20T09:00:00.000Z',
          lastReadingSource: 'sensor',
          sensor: {
            lastReadingAt: '2026-11-20T09:00:00.000Z',
            battery: 16,
            signal: null,
            isStale: false,
          },
        })}
      />,
    );
    expect(screen.getByText('Last reading 1 hour ago')).toBeInTheDocument();
    expect(screen.getByText('Sensor: battery 16%, signal not reported')).toBeInTheDocument();
    expect(screen.queryByText(/silent/)).not.toBeInTheDocument();
    expect(screen.queryByText(/low/)).not.toBeInTheDocument();
  });

  it("says the same in short in the table's cell", () => {
    const { container } = render(
      <LastReadingCell
        drum={makeDrum({
          lastReadingAt: '2026-11-20T09:58:30.000Z',
          lastReadingSource: 'sensor',
          sensor: {
            lastReadingAt: '2026-11-18T09:00:00.000Z',
            battery: 9,
            signal: -90,
            isStale: true,
          },
        })}
      />,
    );
    const cell = within(container);
    expect(cell.getByText('1 minute ago')).toBeInTheDocument();
    expect(cell.getByText('Sensor')).toBeInTheDocument();
    expect(cell.getByText('Sensor silent')).toBeInTheDocument();
    expect(cell.getByText('Battery 9%')).toBeInTheDocument();
  });
});
