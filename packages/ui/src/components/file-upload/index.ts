export {
  FileUpload,
  defaultFileUploadLabels,
  defaultFileUploadMessages,
  formatFileSize,
  type FileRejectionMessage,
  type FileUploadLabels,
  type FileUploadMessages,
  type FileUploadProps,
} from './file-upload';
