export type {
  ToastApi,
  ToasterProps,
  ToastItem,
  ToastOptions,
  ToastProps,
  ToastProviderProps,
  ToastTone,
} from './toast';
export { DEFAULT_TOAST_DURATION_MS, Toast, Toaster, ToastProvider, toastVariants, useToast } from './toast';
