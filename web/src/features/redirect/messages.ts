/**
 * The redirect page's texts beyond domain/messages.ts's: without a connection, and without a link.
 */
import { appConfig } from '@/config/app-config';

export const redirectTexts = {
  offlineTitle: 'Sem conexão com a internet',
  offlineMessage:
    'O WhatsApp precisa de internet. Assim que a conexão voltar, a contagem recomeça e levamos você até lá.',
  noLinkDone: `Sua candidatura foi recebida. A equipe ${appConfig.callCenterEmployer.name} entrará em contato pelo WhatsApp que você informou.`,
} as const;
