export type { RecoveryCodeListProps, RecoveryCodesProps } from './recovery-codes';
export { RecoveryCodeList, RecoveryCodes, recoveryCodesText } from './recovery-codes';
