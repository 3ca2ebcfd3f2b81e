import { RecoveryCodes } from '@helios/design-system';
import { useTranslation } from 'react-i18next';

/** New recovery codes, shown once (after the first second factor, or after making new ones):
 * the person keeps them somewhere and confirms it before going on. */
export function NewRecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <RecoveryCodes
      codes={codes}
      listLabel={t('recovery.listLabel')}
      heading={t('recovery.fileHeading')}
      fileName={t('recovery.fileName')}
      copyLabel={t('recovery.copyAll')}
      copiedLabel={t('recovery.copied')}
      downloadLabel={t('recovery.download')}
      printLabel={t('recovery.print')}
      confirmLabel={t('recovery.confirm')}
      continueLabel={t('common.continue')}
      onContinue={onDone}
    />
  );
}
