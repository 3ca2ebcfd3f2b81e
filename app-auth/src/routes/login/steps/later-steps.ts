// The steps after the email, in one chunk that loads once the sign-in form shows.
export { CredentialsStep } from './credentials-step';
export { MergeStep, MfaStep } from './mfa-step';
export { OfferStep } from './offer-step';
export { OtpStep } from './otp-step';
export { ResetRequiredStep } from './reset-required-step';
