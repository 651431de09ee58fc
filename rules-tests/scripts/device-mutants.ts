/**
 * Mutants of the per-device limit's rules (the lead's device check and `devices/{id}`), run by
 * mutation-check.ts like the others; with `--property` each also runs device-property.test.ts.
 */
export interface DeviceMutant {
  id: string;
  bullet: string;
  find: string;
  replace: string;
  file: 'device-limit';
  property?: boolean;
  propertyFile?: string;
  equivalent?: string;
}

const p = { property: true, propertyFile: 'device-property' } as const;

// prettier-ignore
export const deviceMutants: DeviceMutant[] = [
  // the lead's side
  { id: 'device-send-removed', bullet: 'a lead comes with its device record', file: 'device-limit', ...p,
    find: '\n        && isDeviceSend(leadId, request.resource.data);', replace: ';' },
  { id: 'device-send-any-lead', bullet: 'the record names the lead', file: 'device-limit', ...p,
    find: '        && record.data.lead == leadId\n', replace: '\n' },
  { id: 'device-send-any-time', bullet: 'the record took a slot now', file: 'device-limit', ...p,
    find: '\n        && record.data.get(deviceSlotKeys()[record.data.slot], null) == request.time;', replace: ';' },
  { id: 'device-id-format', bullet: 'device: 20 letters and digits', file: 'device-limit',
    find: "        && data.device.matches('[A-Za-z0-9]{20}')\n", replace: '\n' },
  { id: 'device-id-length', bullet: 'device: 20 characters', file: 'device-limit',
    find: 'isStringOfSize(data.device, 20, 20)', replace: 'data.device is string',
    equivalent: 'the pattern already holds it to 20 characters' },
  // the record's side
  { id: 'record-keys', bullet: 'record: lead, slot and the slots only', file: 'device-limit', ...p,
    find: "      return data.keys().hasOnly(['lead', 'slot'].concat(deviceSlotKeys()))\n        && ", replace: '      return ',
    equivalent: 'a key a write adds is a changed key, which the affectedKeys() check holds to lead, slot and the slot taken' },
  { id: 'record-lead-type', bullet: 'record: lead a string', file: 'device-limit',
    find: '        && data.lead is string\n', replace: '\n',
    equivalent: 'a lead id of another type names no lead document (getAfter null, or a path error): denied' },
  { id: 'record-slot-type', bullet: 'record: slot an int', file: 'device-limit',
    find: '        && data.slot is int\n', replace: '\n',
    equivalent: 'a slot of another type is no index of deviceSlotKeys(): an error that denies' },
  { id: 'record-slot-range', bullet: 'record: slot in range', file: 'device-limit',
    find: '        && data.slot >= 0\n        && data.slot < deviceSlotKeys().size()\n', replace: '\n',
    equivalent: 'an index out of deviceSlotKeys() is an error that denies' },
  { id: 'record-slot-any-time', bullet: 'record: the slot set to now', file: 'device-limit', ...p,
    find: '        && data.get(slotKey, null) == request.time\n', replace: '\n' },
  { id: 'record-others-change', bullet: 'record: the other slots unchanged', file: 'device-limit', ...p,
    find: "        && data.diff(before).affectedKeys().hasOnly(['lead', 'slot', slotKey])\n", replace: '\n' },
  { id: 'record-any-device', bullet: "record: only its own device's lead", file: 'device-limit',
    find: "        && lead.data.get('device', null) == deviceId\n", replace: '\n' },
  { id: 'record-no-limit', bullet: 'a free slot, or the retry of the last lead', file: 'device-limit', ...p,
    find: '        && (isDeviceRetry(before, data) || isFreeSlotTaken(before, data, slotKey));', replace: ';' },
  { id: 'retry-any-slot', bullet: 'a retry keeps its slot', file: 'device-limit', ...p,
    find: " && before.get('slot', null) == data.slot;", replace: ';' },
  { id: 'free-slot-stored-lead', bullet: 'a fresh slot only for a new lead', file: 'device-limit', ...p,
    find: '      return !exists(leadDocument(data.lead))\n        && (', replace: '      return (' },
  { id: 'free-slot-no-window', bullet: 'a slot is free a whole window after it was taken', file: 'device-limit', ...p,
    find: "          || before[slotKey] <= request.time - duration.value(deviceWindowMinutes(), 'm'));", replace: '          || true);' },
  { id: 'window-shorter', bullet: 'the window of device-limit.ts', file: 'device-limit', ...p,
    find: 'function deviceWindowMinutes() {\n      return 10;', replace: 'function deviceWindowMinutes() {\n      return 1;' },
  { id: 'record-readable', bullet: 'no client reads a record', file: 'device-limit',
    find: '      allow create, update: if isValidDeviceWrite(deviceId, request.resource.data);', replace: '      allow create, update: if isValidDeviceWrite(deviceId, request.resource.data);\n      allow read: if true;' },
];
