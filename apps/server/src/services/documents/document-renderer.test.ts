import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf';
import { renderedDocuments, renderingLoad, renderPdf } from './document-renderer';
import { PAGE_COUNT, PAGE_NUMBER, type Pdf } from './pdf-recording';

const info = { title: 'Test', language: 'en' as const, now: new Date('2026-11-25T10:00:00Z') };

describe('the rendering threads', () => {
  it('draw a recorded document, footers numbered once the pages are known', async () => {
    const recording: Pdf = {
      info,
      steps: [
        {
          draw: 'heading',
          args: [
            { name: 'Rendering Co', details: ['1 Print Street'], logoPath: undefined },
            'Delivery note',
            'Rendering Co',
          ],
        },
        { draw: 'paragraph', args: ['A line of the comment. '.repeat(800)] },
        { draw: 'footers', template: `page ${PAGE_NUMBER} of ${PAGE_COUNT}` },
      ],
    };
    const { text } = readPdf(await renderPdf(recording, 'delivery_note'), 'rendering-thread');
    expect(text).toContain('Delivery note');
    const pages = /page 1 of (\d+)/.exec(text)?.[1];
    expect(Number(pages)).toBeGreaterThan(1);
    expect(text).toContain(`page ${pages} of ${pages}`);
    expect(text).not.toMatch(/\uE000/);
  });

  it('fail the one document that cannot be drawn, and draw the next; only drawn ones count', async () => {
    const before = renderedDocuments().get('quote') ?? 0;
    const broken = {
      info,
      steps: [{ draw: 'table', args: [null, null] }],
    } as unknown as Pdf;
    await expect(renderPdf(broken, 'quote')).rejects.toThrow(/Document rendering failed/);
    expect(renderedDocuments().get('quote') ?? 0).toBe(before);
    const bytes = await renderPdf(
      { info, steps: [{ draw: 'paragraph', args: ['After'] }] },
      'quote',
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(renderedDocuments().get('quote')).toBe(before + 1);
    expect(renderingLoad()).toEqual({ drawing: 0, waiting: 0 });
  });
});
