import { useState } from 'react';
import { ErrorCode, useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { Button } from '../button';
import { Field, FieldMessage, describedBy, useFieldIds } from '../field/field';
import { TrashIcon, UploadIcon } from '../icons';
import styles from './file-upload.module.css';
import { useControllableState } from '../../internal/use-controllable-state';

export interface FileUploadMessages {
  /** "File type must be …", given the accepted types. */
  fileInvalidType: (accept: string) => string;
  /** "File is larger than N bytes". */
  fileTooLarge: (maxSize: number) => string;
  /** "File is smaller than N bytes". */
  fileTooSmall: (minSize: number) => string;
  tooManyFiles: string;
}

/** react-dropzone's own messages. */
export const defaultFileUploadMessages: FileUploadMessages = {
  fileInvalidType: (accept) => {
    const types = accept.split(',');
    return `File type must be ${types.length > 1 ? `one of ${types.join(', ')}` : accept}`;
  },
  fileTooLarge: (maxSize) => `File is larger than ${maxSize} ${maxSize === 1 ? 'byte' : 'bytes'}`,
  fileTooSmall: (minSize) => `File is smaller than ${minSize} ${minSize === 1 ? 'byte' : 'bytes'}`,
  tooManyFiles: 'Too many files',
};

export interface FileUploadLabels {
  /** Text in the drop zone. */
  dropHere: string;
  /** The button that opens the file dialog when no file is chosen. */
  browse: string;
  /** The same button once files are chosen. */
  updateFiles: string;
  /** Name of the button removing one file, given its name. */
  delete: (fileName: string) => string;
  /** Shown when `maxSize` > 0, given the formatted size. */
  maxSize: (size: string) => string;
}

export const defaultFileUploadLabels: FileUploadLabels = {
  dropHere: 'Drag and drop files here',
  browse: 'Browse files',
  updateFiles: 'Update files',
  delete: (fileName) => `Delete ${fileName}`,
  maxSize: (size) => `Maximum size: ${size}`,
};

export interface FileRejectionMessage {
  file: File;
  messages: string[];
}

export interface FileUploadProps {
  /** Visible label (names the zone's button group). */
  label: string;
  /** Help text under the label, linked with `aria-describedby`. */
  description?: string;
  /** An error of the field itself, shown under the zone with the upload errors. */
  errorText?: string;
  /** Disables the component. */
  isDisabled?: boolean;
  /** Marks the field required, with an asterisk after its label. */
  isRequired?: boolean;
  /** Several files (`maxFiles` limits them) or one (a new file replaces it). */
  selectionMode?: 'single' | 'multiple';
  /** Largest number of files in multiple mode; more and every new file is rejected. */
  maxFiles?: number;
  /** Largest file in bytes; also shows a maximum-size label when above 0. */
  maxSize?: number;
  /** Smallest file in bytes. */
  minSize?: number;
  /** Accepted types, e.g. `{ 'application/pdf': ['.pdf'], 'image/png': ['.png'] }`. */
  accept?: Accept;
  /** Chosen files (controlled). */
  value?: File[];
  /** Initial value when uncontrolled. */
  defaultValue?: File[];
  /** Called with every new value, controlled or not. */
  onChange?: (files: File[]) => void;
  /** Files refused with their messages. */
  onReject?: (rejections: FileRejectionMessage[]) => void;
  /** The file dialog was closed without a choice (checked 300 ms after focus returns). */
  onFileDialogCancel?: () => void;
  /** Texts of the errors; English defaults are react-dropzone's. */
  messages?: Partial<FileUploadMessages>;
  /** Texts; English defaults that the app overrides with translations. */
  labels?: Partial<FileUploadLabels>;
  /** Formats a size for the maximum-size label (default: B, KB, MB). */
  formatSize?: (bytes: number) => string;
  /** Name submitted with a form. */
  name?: string;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function acceptText(accept: Accept | undefined): string {
  if (!accept) return '';
  return Object.entries(accept)
    .flatMap(([type, extensions]) => [type, ...extensions])
    .join(',');
}

/**
 * A drop zone (react-dropzone) with a real button for keyboard and screen-reader users, the
 * chosen files with a delete action each, and the refusals listed under the zone.
 */
export function FileUpload({
  label,
  description,
  errorText,
  isDisabled = false,
  isRequired = false,
  selectionMode = 'single',
  maxFiles = 0,
  maxSize = 0,
  minSize = 0,
  accept,
  value,
  defaultValue = [],
  onChange,
  onReject,
  onFileDialogCancel,
  messages: messagesProp,
  labels: labelsProp,
  formatSize = formatFileSize,
  name,
}: FileUploadProps) {
  const messages = { ...defaultFileUploadMessages, ...messagesProp };
  const labels = { ...defaultFileUploadLabels, ...labelsProp };
  const [files, setFiles] = useControllableState(value, defaultValue, onChange);
  const [rejections, setRejections] = useState<FileRejectionMessage[]>([]);
  const ids = useFieldIds();
  const hintId = `${ids.messageId}-hint`;
  const isMultiple = selectionMode === 'multiple';

  const messageOf = (code: string, fallback: string): string => {
    switch (code) {
      case ErrorCode.FileInvalidType:
        return messages.fileInvalidType(acceptText(accept));
      case ErrorCode.FileTooLarge:
        return messages.fileTooLarge(maxSize);
      case ErrorCode.FileTooSmall:
        return messages.fileTooSmall(minSize);
      case ErrorCode.TooManyFiles:
        return messages.tooManyFiles;
      default:
        return fallback;
    }
  };

  const reject = (refused: FileRejectionMessage[]) => {
    setRejections(refused);
    if (refused.length > 0) onReject?.(refused);
  };

  const onDrop = (accepted: File[], refused: FileRejection[]) => {
    const refusedMessages = refused.map(({ file, errors }) => ({
      file,
      messages: errors.map((error) => messageOf(String(error.code), error.message)),
    }));
    if (!isMultiple) {
      if (accepted[0]) setFiles([accepted[0]]);
      reject(refusedMessages);
      return;
    }
    // Beyond maxFiles, every file of the drop is refused, counting those already chosen.
    if (maxFiles > 0 && files.length + accepted.length > maxFiles) {
      reject([
        ...accepted.map((file) => ({ file, messages: [messages.tooManyFiles] })),
        ...refusedMessages,
      ]);
      return;
    }
    if (accepted.length > 0) setFiles([...files, ...accepted]);
    reject(refusedMessages);
  };

  const { getRootProps, getInputProps, open, isDragActive, isDragAccept, isDragReject } =
    useDropzone({
      onDrop,
      onFileDialogCancel,
      accept,
      maxSize: maxSize > 0 ? maxSize : undefined,
      minSize,
      maxFiles: isMultiple ? maxFiles : 0,
      multiple: isMultiple,
      disabled: isDisabled,
      // The zone is for dragging only: keyboard and screen-reader users get a real button.
      noClick: true,
      noKeyboard: true,
    });

  const remove = (index: number) => {
    setFiles(files.filter((_, position) => position !== index));
  };

  const hasErrors = rejections.length > 0 || Boolean(errorText);
  const described = describedBy(
    description && ids.descriptionId,
    maxSize > 0 && hintId,
    hasErrors && ids.messageId,
  );

  return (
    <Field
      ids={ids}
      label={label}
      labelAs="span"
      description={description}
      isRequired={isRequired}
      className={styles.field}
      isInvalid={hasErrors}
      isDisabled={isDisabled}
    >
      <div
        {...getRootProps({
          className: styles.zone,
          role: 'group',
          'aria-labelledby': ids.labelId,
          'aria-describedby': described,
        })}
        data-drag-active={isDragActive || undefined}
        data-drag-accept={isDragAccept || undefined}
        data-drag-reject={isDragReject || undefined}
      >
        <input
          {...getInputProps({
            name,
            required: isRequired && files.length === 0,
            disabled: isDisabled,
            'aria-labelledby': ids.labelId,
          })}
        />
        <UploadIcon size={28} className={styles.icon} />
        <span className={styles.dropHere}>{labels.dropHere}</span>
        <Button
          variant="outlined"
          isDisabled={isDisabled}
          onPress={open}
          aria-describedby={described}
        >
          {files.length > 0 ? labels.updateFiles : labels.browse}
        </Button>
        {maxSize > 0 ? (
          <span id={hintId} className={styles.hint}>
            {labels.maxSize(formatSize(maxSize))}
          </span>
        ) : null}
      </div>
      {files.length > 0 ? (
        <ul className={styles.files} aria-label={label}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className={styles.file}>
              <span className={styles.fileName}>{file.name}</span>
              <span className={styles.fileSize}>{formatSize(file.size)}</span>
              <button
                type="button"
                className={styles.delete}
                aria-label={labels.delete(file.name)}
                title={labels.delete(file.name)}
                disabled={isDisabled}
                onClick={() => remove(index)}
              >
                <TrashIcon size={18} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div id={ids.messageId} className={styles.errors} aria-live="polite">
        {errorText ? <FieldMessage>{errorText}</FieldMessage> : null}
        {rejections.map(({ file, messages: fileMessages }, index) => (
          <FieldMessage key={`${file.name}-${index}`}>
            <span>
              {file.name}: {fileMessages.join(', ')}
            </span>
          </FieldMessage>
        ))}
      </div>
    </Field>
  );
}
