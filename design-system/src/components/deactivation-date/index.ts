export { formatUtc } from '../../lib/format-utc';
export type { DeactivationDateLabels, DeactivationDateProps } from './deactivation-date';
export { DeactivationDate, isoToUtcInput, utcInputToIso } from './deactivation-date';
