export type {
  CredentialMethod,
  CredentialSwitchDisabledReason,
  CredentialSwitchesLabels,
  CredentialSwitchesProps,
  CredentialSwitchProvider,
  CredentialSwitchRule,
  CredentialSwitchRulesInput,
} from './credential-switches';
export { CredentialSwitches, credentialSwitchRules } from './credential-switches';
