import { describe, expect, test } from 'vitest';
import {
  monthOfPartition,
  monthsToPrepare,
  partitionName,
  partitionsPastRetention,
  retentionCutoff,
} from './partitions';

describe('audit month partitions', () => {
  test('the months made ahead are the current UTC month and the two after it, across a year end', () => {
    // 23:30 on 30 November in UTC is already December east of UTC: the month is UTC's.
    expect(monthsToPrepare(new Date('2030-11-30T23:30:00Z')).map(partitionName)).toEqual([
      'audit_events_2030_11',
      'audit_events_2030_12',
      'audit_events_2031_01',
    ]);
    expect(monthsToPrepare(new Date('2031-01-31T23:59:59.999Z')).map(partitionName)).toEqual([
      'audit_events_2031_01',
      'audit_events_2031_02',
      'audit_events_2031_03',
    ]);
  });

  test('a partition name gives back its month; other tables and impossible months give none', () => {
    expect(monthOfPartition('audit_events_2031_02')?.toISOString()).toBe('2031-02-01T00:00:00.000Z');
    for (const name of ['audit_events_default', 'audit_events_2031_13', 'audit_events_2031_00', 'audit_events'])
      expect(monthOfPartition(name), name).toBeNull();
  });

  test('retention takes only the months that end at or before the cutoff', () => {
    const cutoff = retentionCutoff(new Date('2031-03-10T00:00:00Z'), 400);
    expect(cutoff.toISOString()).toBe('2030-02-03T00:00:00.000Z');
    const names = [
      'audit_events_default',
      'audit_events_2029_12',
      'audit_events_2030_01',
      'audit_events_2030_02',
      'audit_events_2031_03',
    ];
    expect(partitionsPastRetention(names, cutoff)).toEqual(['audit_events_2029_12', 'audit_events_2030_01']);
    // A month that ends exactly at the cutoff holds nothing newer than it.
    expect(partitionsPastRetention(['audit_events_2030_01'], new Date('2030-02-01T00:00:00Z'))).toEqual([
      'audit_events_2030_01',
    ]);
    expect(partitionsPastRetention(['audit_events_2030_01'], new Date('2030-01-31T23:59:59.999Z'))).toEqual([]);
  });
});
