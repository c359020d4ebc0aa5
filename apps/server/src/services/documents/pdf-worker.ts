// A rendering thread: draws the documents the request thread recorded (pdf-recording) with
// pdf-layout and sends their bytes back, one document at a time.
import { parentPort } from 'node:worker_threads';
import * as layout from './pdf-layout';
import { PAGE_COUNT, PAGE_NUMBER, type Pdf } from './pdf-recording';

export async function drawPdf(recording: Pdf): Promise<Buffer> {
  const doc = await layout.createPdf(recording.info);
  for (const step of recording.steps) {
    switch (step.draw) {
      case 'heading':
        layout.heading(doc, ...step.args);
        break;
      case 'facts':
        layout.facts(doc, ...step.args);
        break;
      case 'sectionTitle':
        layout.sectionTitle(doc, ...step.args);
        break;
      case 'table':
        layout.table(doc, ...step.args);
        break;
      case 'receiptBoxes':
        layout.receiptBoxes(doc, ...step.args);
        break;
      case 'paragraph':
        layout.paragraph(doc, ...step.args);
        break;
      case 'labelSheet':
        layout.labelSheet(doc, ...step.args);
        break;
      case 'footers':
        layout.footers(doc, (page, pages) =>
          step.template.replaceAll(PAGE_NUMBER, String(page)).replaceAll(PAGE_COUNT, String(pages)),
        );
        break;
    }
  }
  return layout.toBuffer(doc);
}

export type RenderAnswer = { bytes: Uint8Array } | { error: string };

parentPort?.on('message', (recording: Pdf) => {
  drawPdf(recording).then(
    (buffer) => {
      // A copy of its own, so that its memory can move to the other thread without a copy.
      const bytes = new Uint8Array(buffer);
      parentPort?.postMessage({ bytes } satisfies RenderAnswer, [bytes.buffer]);
    },
    (error: unknown) => {
      const answer: RenderAnswer = {
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
      parentPort?.postMessage(answer);
    },
  );
});
