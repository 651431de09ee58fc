/** The per-device limit, shared with the rules generator and the benches (@vagas/common). */
export { deviceLimit, deviceSlotKeys, deviceWindowMs } from '@vagas/common';
