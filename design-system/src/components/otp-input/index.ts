export type { OtpInputProps } from './otp-input';
export { OtpInput } from './otp-input';
