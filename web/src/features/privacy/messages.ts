/**
 * The privacy page's texts (LGPD, Brazil's data protection law): what is collected and why, who
 * sees it, how long it is kept, and how a candidate asks to see, correct or delete their data.
 */
import { appConfig } from '@/config/app-config';

const company = appConfig.companyName;
const employer = appConfig.callCenterEmployer.name;

export const privacyTexts = {
  title: 'Privacidade e seus dados',
  intro: `Esta página explica o que fazemos com os dados que você informa ao se candidatar às vagas da ${company} e da ${employer}, conforme a Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018).`,
  sections: [
    {
      heading: 'O que coletamos',
      body: [
        'Nome completo, número de WhatsApp, a vaga escolhida e a sua localidade. Nas vagas de call center, também a sua idade e o seu tempo de experiência.',
        'De onde veio a sua visita, quando você chega por um anúncio ou link de campanha (utm_source, utm_medium, utm_campaign e se havia um identificador de clique do Facebook, nunca o seu valor).',
        'Quando você enviou a candidatura e qual versão do aviso de consentimento você viu.',
      ],
    },
    {
      heading: 'Para que usamos',
      body: [
        'Para avaliar a sua candidatura e entrar em contato com você pelo WhatsApp sobre as vagas. Não vendemos nem compartilhamos os seus dados com outras empresas.',
        'Usamos o pixel de anúncios da Meta para saber quantas candidaturas vieram de cada anúncio; ele não recebe o seu nome nem o seu telefone.',
      ],
    },
    {
      heading: 'Quem vê os seus dados',
      body: [
        `Somente a equipe de recrutamento da ${company} e da ${employer}, em um painel protegido por senha. Os dados ficam guardados nos servidores do Google Firebase.`,
      ],
    },
    {
      heading: 'Por quanto tempo guardamos',
      body: [
        'Enquanto a seleção estiver em andamento. Uma candidatura que a equipe retira da lista vai para a lixeira e, ao fim do prazo de retenção definido pela empresa (sugerimos 90 dias), é apagada definitivamente.',
        'Se você ficar sem internet ao se candidatar, a candidatura fica guardada só no seu aparelho até ser enviada, e então é apagada dele.',
      ],
    },
    {
      heading: 'Seus direitos',
      body: [
        'Você pode pedir, a qualquer momento e sem custo, para ver os dados que temos sobre você, corrigi-los, receber uma cópia ou apagá-los. Basta escrever para o endereço abaixo, informando o número de WhatsApp usado na candidatura. Respondemos em até 15 dias.',
      ],
    },
  ],
  contactLabel: 'Contato para privacidade e dados pessoais:',
  contactEmail: appConfig.privacyContactEmail,
  back: 'Voltar para as vagas',
} as const;
