import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileUpload, formatFileSize } from './file-upload';

function file(name: string, size: number, type: string) {
  return new File([new Uint8Array(size)], name, { type });
}

const pdf = file('note.pdf', 100, 'application/pdf');
const png = file('photo.png', 200, 'image/png');
const exe = file('tool.exe', 50, 'application/octet-stream');

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
}

// react-dropzone checks `accept` itself; let the test pick any file as a user dropping it would.
const setup = () => userEvent.setup({ applyAccept: false });

describe('formatFileSize', () => {
  it('uses B, KB and MB', () => {
    expect(formatFileSize(500)).toBe('500 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
  });
});

describe('FileUpload', { timeout: 20_000 }, () => {
  it('offers a real button and lists a chosen file with a delete action', async () => {
    const user = setup();
    const onChange = vi.fn();
    const { container } = render(<FileUpload label="Attachment" onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Attachment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Browse files' })).toBeInTheDocument();
    await user.upload(fileInput(container), pdf);
    expect(await screen.findByText('note.pdf')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith([pdf]);
    expect(screen.getByRole('button', { name: 'Update files' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete note.pdf' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.queryByText('note.pdf')).toBeNull();
  });

  it('replaces the file in single mode', async () => {
    const user = setup();
    const onChange = vi.fn();
    const { container } = render(
      <FileUpload label="Attachment" defaultValue={[pdf]} onChange={onChange} />,
    );
    await user.upload(fileInput(container), png);
    expect(await screen.findByText('photo.png')).toBeInTheDocument();
    expect(screen.queryByText('note.pdf')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith([png]);
  });

  it('refuses several files at once in single mode with "Too many files"', async () => {
    const onReject = vi.fn();
    const { container } = render(<FileUpload label="Attachment" onReject={onReject} />);
    // A single-mode input has no `multiple`; a drop can still bring several files.
    await act(async () => {
      fireEvent.drop(screen.getByRole('group'), {
        dataTransfer: {
          files: [pdf, png],
          items: [pdf, png].map((dropped) => ({
            kind: 'file',
            type: dropped.type,
            getAsFile: () => dropped,
          })),
          types: ['Files'],
        },
      });
    });
    expect(await screen.findByText('note.pdf: Too many files')).toBeInTheDocument();
    expect(screen.getByText('photo.png: Too many files')).toBeInTheDocument();
    expect(onReject).toHaveBeenCalledTimes(1);
    expect(fileInput(container)).not.toHaveAttribute('multiple');
  });

  it('appends in multiple mode and refuses every file when maxFiles would be exceeded', async () => {
    const user = setup();
    const onChange = vi.fn();
    const { container } = render(
      <FileUpload label="Attachment" selectionMode="multiple" maxFiles={2} onChange={onChange} />,
    );
    await user.upload(fileInput(container), [pdf]);
    await screen.findByText('note.pdf');
    await user.upload(fileInput(container), [png, file('b.png', 10, 'image/png')]);
    expect(await screen.findByText('photo.png: Too many files')).toBeInTheDocument();
    expect(screen.getByText('b.png: Too many files')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
    await user.upload(fileInput(container), [png]);
    expect(await screen.findByText('photo.png')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith([pdf, png]);
    const list = screen.getByRole('list', { name: 'Attachment' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the type, size and count messages under the zone', async () => {
    const user = setup();
    const { container } = render(
      <FileUpload
        label="Attachment"
        selectionMode="multiple"
        accept={{ 'application/pdf': ['.pdf'] }}
        maxSize={150}
        minSize={60}
      />,
    );
    await user.upload(fileInput(container), [exe, png]);
    expect(
      await screen.findByText(
        'tool.exe: File type must be one of application/pdf, .pdf, File is smaller than 60 bytes',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'photo.png: File type must be one of application/pdf, .pdf, File is larger than 150 bytes',
      ),
    ).toBeInTheDocument();
  });

  it('takes translated messages and labels', async () => {
    const user = setup();
    const { container } = render(
      <FileUpload
        label="Pièce jointe"
        maxSize={2048}
        messages={{ fileTooLarge: (size) => `Fichier de plus de ${size} octets` }}
        labels={{ browse: 'Parcourir', maxSize: (size) => `Taille maximale : ${size}` }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Parcourir' })).toHaveAccessibleDescription(
      'Taille maximale : 2 KB',
    );
    await user.upload(fileInput(container), file('big.pdf', 4096, 'application/pdf'));
    expect(await screen.findByText('big.pdf: Fichier de plus de 2048 octets')).toBeInTheDocument();
  });

  it('shows the maximum size only when maxSize is above 0', () => {
    const { rerender } = render(<FileUpload label="Attachment" maxSize={0} />);
    expect(screen.queryByText(/Maximum size/)).toBeNull();
    rerender(<FileUpload label="Attachment" maxSize={5 * 1024 * 1024} />);
    expect(screen.getByText('Maximum size: 5 MB')).toBeInTheDocument();
  });

  it('exposes the drag states as data attributes', async () => {
    render(<FileUpload label="Attachment" accept={{ 'application/pdf': ['.pdf'] }} />);
    const zone = screen.getByRole('group');
    await act(async () => {
      fireEvent.dragEnter(zone, {
        dataTransfer: { files: [], items: [{ kind: 'file', type: 'image/png' }], types: ['Files'] },
      });
    });
    expect(zone).toHaveAttribute('data-drag-active', 'true');
    expect(zone).toHaveAttribute('data-drag-reject', 'true');
    expect(zone).not.toHaveAttribute('data-drag-accept');
  });

  it('reports a cancelled file dialog', async () => {
    vi.useFakeTimers();
    try {
      const onFileDialogCancel = vi.fn();
      render(<FileUpload label="Attachment" onFileDialogCancel={onFileDialogCancel} />);
      // jsdom has no File System Access API: react-dropzone clicks the input and, when the window
      // regains focus with no file chosen, reports a cancel after 300 ms.
      fireEvent.click(screen.getByRole('button', { name: 'Browse files' }));
      fireEvent.focus(window);
      act(() => vi.advanceTimersByTime(299));
      expect(onFileDialogCancel).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(onFileDialogCancel).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows errorText, description and required, and can be disabled', () => {
    const { container } = render(
      <FileUpload
        label="Attachment"
        description="PDF only"
        errorText="Add a file"
        isRequired
        isDisabled
      />,
    );
    const group = screen.getByRole('group', { name: /Attachment/ });
    expect(group).toHaveAccessibleDescription('PDF only Add a file');
    expect(screen.getByRole('button', { name: 'Browse files' })).toBeDisabled();
    expect(fileInput(container)).toBeDisabled();
    expect(fileInput(container)).toBeRequired();
  });
});
