import { OtpInput } from '@helios/design-system';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Six boxes that submit themselves when full; cleared after a failed try so the next code can
 * be typed at once. */
export function CodeForm({
  label,
  busy,
  softError,
  hardError,
  onComplete,
}: {
  label: string;
  busy: boolean;
  softError?: string;
  hardError?: string;
  onComplete: (code: string) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [lastError, setLastError] = useState(softError);
  if (softError !== lastError) {
    setLastError(softError);
    if (softError) setCode('');
  }
  return (
    <OtpInput
      label={label}
      value={code}
      onChange={setCode}
      onComplete={onComplete}
      disabled={busy}
      autoFocus
      softError={softError}
      hardError={hardError}
      digitLabel={(index, count) => t('login.otpDigit', { index: index + 1, count })}
    />
  );
}
