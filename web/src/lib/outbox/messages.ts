/** What the candidate is told about an application kept on the device, in pt-BR. */
import type { ToastText } from '@/domain/messages';

/** Shown while an application waits on the device for the connection. */
export const waitingText: ToastText = {
  title: 'Candidatura guardada neste aparelho',
  message: 'Sua candidatura será enviada assim que a internet voltar.',
};

/**
 * Shown while an application waits because this device sent several in a few minutes (the
 * per-device limit, domain/device-limit.ts): it is sent by itself once the device may send again.
 */
export const heldText: ToastText = {
  title: 'Candidatura guardada neste aparelho',
  message:
    'Este aparelho enviou várias candidaturas em poucos minutos. A sua está guardada e será enviada automaticamente daqui a alguns minutos. Não precisa preencher de novo.',
};

/** While a waiting application is being sent. */
export const sendingText = 'Enviando sua candidatura...';

/** Toast when an application that waited on the device has been stored. */
export const sentLaterToast: ToastText = {
  title: 'Sua candidatura foi enviada!',
  message: 'A candidatura que estava guardada neste aparelho chegou até nós. Obrigado!',
};
