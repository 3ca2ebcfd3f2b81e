export type {
  ReauthDialogLabels,
  ReauthDialogProps,
  ReauthFirstFactor,
  ReauthSecondFactor,
  ReauthStep,
} from './reauth-dialog';
export { ReauthDialog } from './reauth-dialog';
