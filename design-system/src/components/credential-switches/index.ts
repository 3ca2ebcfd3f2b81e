export type {
  CredentialMethod,
  CredentialSwitchDisabledReason,
  CredentialSwitchesLabels,
  CredentialSwitchesProps,
  CredentialSwitchRule,
  CredentialSwitchRulesInput,
} from './credential-switches';
export { CredentialSwitches, credentialSwitchRules } from './credential-switches';
