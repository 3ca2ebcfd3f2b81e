export type { SmsEditableField, SmsSettings, SmsSettingsLabels, SmsSettingsPanelProps } from './sms-settings-panel';
export { formatUtc, parseInteger, SmsSettingsPanel } from './sms-settings-panel';
