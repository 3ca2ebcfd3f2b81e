import { describe, expect, test } from 'vitest';
import { recoveryCodesText } from './recovery-codes';

describe('recoveryCodesText', () => {
  test('the heading, a blank line, then one code a line, ending with a line break', () => {
    expect(recoveryCodesText(['aaaaa-bbbbb', 'ccccc-ddddd'], 'Helios recovery codes')).toBe(
      'Helios recovery codes\n\naaaaa-bbbbb\nccccc-ddddd\n',
    );
  });

  test('without a heading, the codes alone', () => {
    expect(recoveryCodesText(['aaaaa-bbbbb'])).toBe('aaaaa-bbbbb\n');
  });
});
