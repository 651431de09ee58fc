import { serverTimestamp } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { toLead } from '@/domain/lead-form';
import { exampleFormValues } from '@/domain/testing/lead-samples';
import { newLeadDocument } from './lead-write';

describe('newLeadDocument (what setNewLead writes)', () => {
  it("is the form's fields plus the device, status 'novo', created_at the server's time, deleted_at null", () => {
    const input = {
      ...toLead('root', exampleFormValues('root')),
      source: { utm_source: 'facebook', fbclid: true },
    };
    const device = 'DeviceExample0000001';
    const { created_at, ...rest } = newLeadDocument(input, device);
    expect(rest).toEqual({ ...input, device, status: 'novo', deleted_at: null });
    expect(created_at.isEqual(serverTimestamp())).toBe(true);
    expect(Object.keys(newLeadDocument(input, device))).toEqual([
      ...Object.keys(input),
      'device',
      'status',
      'created_at',
      'deleted_at',
    ]);
  });

  it("is set aside ('suspeito') when its honeypot is filled or its DDD is not in use", () => {
    const input = { ...toLead('root', exampleFormValues('root')), honeypot: '', fill_seconds: 42 };
    const device = 'DeviceExample0000001';
    const statusOf = (changed: Partial<typeof input>) =>
      newLeadDocument({ ...input, ...changed }, device).status;
    expect(statusOf({})).toBe('novo');
    expect(statusOf({ honeypot: 'http://spam.example' })).toBe('suspeito');
    expect(statusOf({ whatsapp: '(20) 99999-1234' })).toBe('suspeito');
    // A fast fill is the server's to weigh (with the other leads): stored as new.
    expect(statusOf({ fill_seconds: 0 })).toBe('novo');
  });
});
